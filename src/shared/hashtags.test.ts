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
    expect(suggestHashtags('#Market').slice(0, 3)).toEqual(['marketing', 'marketingtips', 'emailmarketing']);
    expect(suggestHashtags('e').length).toBe(15);
  });

  it('suggests nothing for a blank keyword or no match', () => {
    expect(suggestHashtags('   ')).toEqual([]);
    expect(suggestHashtags('zzzz')).toEqual([]);
  });
});
