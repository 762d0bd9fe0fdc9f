import { describe, expect, it } from 'vitest';
import type { PostTarget } from '../../../shared/api/posts.schemas';
import type { Account } from '../../../shared/api/users.schemas';
import { unreadyNetworks } from '../../lib/accounts';
import { isSettled, outcomeOf } from './send-check';

const targets = (...statuses: PostTarget['status'][]) => statuses.map((status) => ({ status }));
const post = (...statuses: PostTarget['status'][]) => ({
  targets: statuses.map((status) => ({ status }) as PostTarget),
});

describe('unreadyNetworks', () => {
  const account = (id: string, platform: Account['platform'], status: Account['status']): Account => ({
    id,
    platform,
    username: id,
    status,
    connectedAt: '2030-01-01T00:00:00.000Z',
  });
  const accounts = [
    account('ada', 'twitter', 'connected'),
    account('ada-shop', 'twitter', 'needs_reconnect'),
    account('ada-in', 'linkedin', 'needs_reconnect'),
  ];

  it('names each selected network without a usable account, in the order chosen', () => {
    expect(unreadyNetworks(['bluesky', 'twitter', 'linkedin'], accounts)).toEqual([
      { platform: 'bluesky', reason: 'not_connected' },
      { platform: 'linkedin', reason: 'needs_reconnect' },
    ]);
  });

  it('is empty when every selected network is connected, or none is selected', () => {
    expect(unreadyNetworks(['twitter'], accounts)).toEqual([]);
    expect(unreadyNetworks([], [])).toEqual([]);
  });

  it('looks at the accounts chosen where a network has several', () => {
    expect(unreadyNetworks(['twitter'], accounts, ['ada'])).toEqual([]);
    expect(unreadyNetworks(['twitter'], accounts, ['ada', 'ada-shop'])).toEqual([
      { platform: 'twitter', reason: 'needs_reconnect' },
    ]);
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
