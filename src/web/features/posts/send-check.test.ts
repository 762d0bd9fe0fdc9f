import { describe, expect, it } from 'vitest';
import type { PostTarget } from '../../../shared/api/posts.schemas';
import { isSettled, outcomeOf, unreadyNetworks } from './send-check';

const targets = (...statuses: PostTarget['status'][]) => statuses.map((status) => ({ status }));
const post = (...statuses: PostTarget['status'][]) => ({
  targets: statuses.map((status) => ({ status }) as PostTarget),
});

describe('unreadyNetworks', () => {
  const connections = {
    twitter: { username: 'ada', status: 'connected' as const },
    linkedin: { username: null, status: 'needs_reconnect' as const },
  };

  it('names each selected network without a usable account, in the order chosen', () => {
    expect(unreadyNetworks(['bluesky', 'twitter', 'linkedin'], connections)).toEqual([
      { platform: 'bluesky', reason: 'not_connected' },
      { platform: 'linkedin', reason: 'needs_reconnect' },
    ]);
  });

  it('is empty when every selected network is connected, or none is selected', () => {
    expect(unreadyNetworks(['twitter'], connections)).toEqual([]);
    expect(unreadyNetworks([], {})).toEqual([]);
  });

  it('leaves out networks that are not selected', () => {
    expect(unreadyNetworks(['twitter'], { ...connections, bluesky: undefined! })).toEqual([]);
  });
});

describe('isSettled', () => {
  it('waits while any network is still waiting for the worker or being published to', () => {
    expect(isSettled(targets('published', 'pending'))).toBe(false);
    expect(isSettled(targets('failed', 'publishing'))).toBe(false);
    expect(isSettled([])).toBe(false);
  });

  it('is done when every network has an answer, a retry time counting as one', () => {
    expect(isSettled(targets('published', 'failed'))).toBe(true);
    expect(isSettled(targets('retrying'))).toBe(true);
  });
});

describe('outcomeOf', () => {
  it('tells all, some and none published apart, and a retry still to come', () => {
    expect(outcomeOf(post('published', 'published'))).toBe('published');
    expect(outcomeOf(post('published', 'failed'))).toBe('partial');
    expect(outcomeOf(post('failed', 'failed'))).toBe('failed');
    expect(outcomeOf(post('failed', 'retrying'))).toBe('retrying');
  });
});
