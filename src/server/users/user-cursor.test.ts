import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './user-cursor';

describe('user list cursor', () => {
  it('round-trips', () => {
    const cursor = { createdAt: new Date('2026-01-02T03:04:05.678Z'), id: 'abc' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    '',
    'nope',
    '!!!',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('["not a date","x"]').toString('base64url'),
    Buffer.from('{"a":1}').toString('base64url'),
  ])('rejects the malformed cursor %j', (value) => {
    expect(decodeCursor(value)).toBeNull();
  });
});
