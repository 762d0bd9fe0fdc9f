import { describe, expect, it } from 'vitest';
import { matchingMembers, mentionQueryAt, mentionsIn, splitMentions } from './mention-text';

const members = [
  { userId: 'a', name: 'Ana Lima' },
  { userId: 'b', name: 'Bruno' },
  { userId: 'c', name: 'Ana' },
];

describe('mentions while writing a comment', () => {
  it('finds the @ being typed only at a word’s start, on one line, and not too long', () => {
    expect(mentionQueryAt('Hi @An', 6)).toEqual({ start: 3, query: 'An' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail@example', 12)).toBeNull();
    expect(mentionQueryAt('@Ana\nx', 6)).toBeNull();
    expect(mentionQueryAt(`@${'x'.repeat(31)}`, 32)).toBeNull();
    expect(mentionQueryAt('no at here', 10)).toBeNull();
  });

  it('offers members by the start of any word of their name', () => {
    expect(matchingMembers(members, 'li').map((m) => m.userId)).toEqual(['a']);
    expect(matchingMembers(members, 'ana l').map((m) => m.userId)).toEqual(['a']);
    expect(matchingMembers(members, 'AN').map((m) => m.userId)).toEqual(['a', 'c']);
    expect(matchingMembers(members, '')).toHaveLength(3);
  });

  it('keeps only the chosen members still named, and shows each name once, the longest first', () => {
    expect(mentionsIn('Thanks @Ana Lima', members)).toEqual(['a']);
    expect(mentionsIn('@Ana, @Ana Lima', members)).toEqual(['a', 'c']);
    expect(mentionsIn('Thanks', members)).toEqual([]);
    expect(splitMentions('@Ana Lima and @Ana, @Zed', ['Ana', 'Ana Lima'])).toEqual([
      { text: '@Ana Lima', mention: true },
      { text: ' and ', mention: false },
      { text: '@Ana', mention: true },
      { text: ', @Zed', mention: false },
    ]);
  });
});
