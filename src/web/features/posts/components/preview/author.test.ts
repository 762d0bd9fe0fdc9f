import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../../shared/api/users.schemas';
import { authorFor } from './author';

const profile = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  role: 'user',
  trialEndsAt: null,
  timeZone: null,
  connections: {
    twitter: { username: 'ada', status: 'connected' },
    linkedin: { username: 'Ada L.', status: 'connected' },
    instagram: { username: null, status: 'needs_reconnect' },
  },
  accounts: [],
  configured: {},
  settings: { twitterAccountType: 'standard' },
} satisfies Profile;

describe('authorFor', () => {
  it('shows the user beside the handle where the network shows both', () => {
    expect(authorFor('twitter', profile)).toEqual({ name: 'Ada Lovelace', handle: '@ada', connected: true });
  });

  it("shows the connection's own name on LinkedIn and Facebook pages", () => {
    expect(authorFor('linkedin', profile)).toEqual({ name: 'Ada L.', handle: null, connected: true });
  });

  it("falls back to the user's name when the network gave none or nothing is connected", () => {
    expect(authorFor('instagram', profile)).toEqual({ name: 'Ada Lovelace', handle: null, connected: true });
    expect(authorFor('bluesky', profile)).toEqual({ name: 'Ada Lovelace', handle: null, connected: false });
    expect(authorFor('facebook', null)).toEqual({ name: '', handle: null, connected: false });
  });
});
