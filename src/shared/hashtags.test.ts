import { describe, expect, it } from 'vitest';
import { normaliseTag, suggestHashtags } from './hashtags';

describe('hashtags', () => {
  it('normalises custom tags', () => {
    expect(normaliseTag('  #LaunchDay ')).toBe('launchday');
    expect(normaliseTag('##')).toBe('');
  });

  it('suggests exact, then prefix, then contained, shorter first, at most 15', () => {
    expect(suggestHashtags('tech', ['biotech', 'techtalk'])).toEqual([
      'tech',
      'techtalk',
      'technology',
      'biotech',
    ]);
    // The keyword itself first: "market" can be a tag though no list has it.
    expect(suggestHashtags('#Market').slice(0, 3)).toEqual(['market', 'marketing', 'marketingtips']);
    expect(suggestHashtags('e').length).toBe(15);
  });

  it('offers a keyword no list has as its own tag, and nothing for one that cannot be a tag', () => {
    expect(suggestHashtags('coffee')).toEqual(['coffee']);
    expect(suggestHashtags('café', ['cafecito'])).toEqual(['café']);
    expect(suggestHashtags('!!!')).toEqual([]);
  });

  it("suggests the post's own words for a blank keyword: most used first, not common, not tagged yet", () => {
    expect(suggestHashtags('   ')).toEqual([]);
    expect(
      suggestHashtags('', [], 'Fresh coffee from Kenya. Coffee tasting with #kenya friends, 2026, this week'),
    ).toEqual(['coffee', 'fresh', 'tasting', 'friends', 'week']);
  });
});
