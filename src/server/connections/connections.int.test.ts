import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacebookFake, type FacebookFake } from '../../../test/fakes/facebook';
import { startInstagramFake, type InstagramFake } from '../../../test/fakes/instagram';
import { startLinkedinFake, type LinkedinFake } from '../../../test/fakes/linkedin';
import { startTiktokFake, type TiktokFake } from '../../../test/fakes/tiktok';
import { startXFake, type XFake } from '../../../test/fakes/twitter';
import { startPds, type TestPdsHandle } from '../../../test/pds';
import {
  callAs,
  callback,
  connectOAuth,
  followConsent,
  profileOf,
  startConnect,
  type Call,
} from '../../../test/publishing-helpers';
import { createTestApp, signIn, signedInUsers, type TestApp } from '../../../test/test-app';
import type { Platform } from '../../shared/platforms/rules';

const OAUTH_NETWORKS = ['twitter', 'linkedin', 'facebook', 'instagram', 'tiktok'] as const;
const ALLOWED = 'twitter, bluesky, facebook, instagram, linkedin, tiktok';
const MAIN_PASSWORD = 'ann-main-password';

describe('connections API', () => {
  let t: TestApp;
  let x: XFake;
  let linkedin: LinkedinFake;
  let facebook: FacebookFake;
  let instagram: InstagramFake;
  let tiktok: TiktokFake;
  let pds: TestPdsHandle;
  let appPassword: string;
  let cookies: Record<'ann' | 'bob' | 'cat', string>;
  let ann: Call;
  let bob: Call;
  let cat: Call;
  /** Moves the app's clock (OAuth state expiry); 0 is real time. */
  let offsetMs = 0;

  beforeAll(async () => {
    [x, linkedin, facebook, instagram, tiktok, pds] = await Promise.all([
      startXFake(),
      startLinkedinFake(),
      startFacebookFake(),
      startInstagramFake(),
      startTiktokFake(),
      startPds(),
    ]);
    await pds.createAccount('ann.test', MAIN_PASSWORD);
    appPassword = await pds.createAppPassword('ann.test', MAIN_PASSWORD, 'postwell');
    t = await createTestApp(
      {
        ...x.env,
        ...linkedin.env,
        ...facebook.env,
        ...instagram.env,
        ...tiktok.env,
        BLUESKY_SERVICE_URL: pds.url,
      },
      { clock: () => new Date(Date.now() + offsetMs) },
    );
    cookies = await signedInUsers(t, 'ann', 'bob', 'cat');
    ann = callAs(t, cookies.ann);
    bob = callAs(t, cookies.bob);
    cat = callAs(t, cookies.cat);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([x, linkedin, facebook, instagram, tiktok, pds].map((server) => server?.close()));
  });

  /** The stored connections of a user, straight from the database. */
  const storedConnections = async (email: string) => {
    const { rows } = await t.ctx.database.executeSql(
      `select c.platform, c.username, c.credentials from social_connections c
         join users u on u.id = c.user_id where u.email = $1`,
      [email],
    );
    return rows as { platform: string; username: string; credentials: string }[];
  };

  /** Every secret a fake handed out, to look for in the database and in API answers. */
  const secretsOf = (platform: Platform): string[] => {
    switch (platform) {
      case 'twitter':
        return x.tokens.flatMap((token) => [token.accessToken, token.refreshToken]);
      case 'linkedin':
        return linkedin.tokens.flatMap((token) => [token.accessToken, token.refreshToken]);
      case 'facebook':
        return facebook.tokens.map((token) => token.accessToken);
      case 'instagram':
        return instagram.tokens.map((token) => token.accessToken);
      case 'tiktok':
        return tiktok.tokens.flatMap((token) => [token.accessToken, token.refreshToken]);
      default:
        return [appPassword];
    }
  };

  const expectedUsername: Record<(typeof OAUTH_NETWORKS)[number], () => string> = {
    twitter: () => x.user.username,
    linkedin: () => linkedin.person.name,
    facebook: () => facebook.pages[0]!.name,
    instagram: () => instagram.username,
    tiktok: () => tiktok.username,
  };

  describe('OAuth round trip', () => {
    it.each(OAUTH_NETWORKS)('connects %s through its consent page and keeps its tokens sealed', async (p) => {
      await connectOAuth(ann, p);
      const profile = await profileOf(ann);
      expect(profile.connections[p]).toEqual({ username: expectedUsername[p](), status: 'connected' });
      expect(profile.configured[p]).toBe(true);

      const secrets = secretsOf(p);
      expect(secrets.length).toBeGreaterThan(0);
      const [row] = (await storedConnections('ann@example.com')).filter((r) => r.platform === p);
      expect(row?.username).toBe(expectedUsername[p]());
      for (const secret of secrets) {
        expect(row!.credentials).not.toContain(secret);
        expect(JSON.stringify(profile)).not.toContain(secret);
      }
    });

    it('lists the accounts in the profile without any token', async () => {
      const res = await ann('GET', '/api/users/profile');
      for (const p of OAUTH_NETWORKS)
        for (const secret of secretsOf(p)) expect(res.body).not.toContain(secret);
      expect(res.body).not.toMatch(/accessToken|refreshToken|credentials/);
    });

    it('refuses a forged, missing, reused, foreign, other-session or expired state and stores nothing', async () => {
      const before = await storedConnections('cat@example.com');
      expect(before).toEqual([]);

      // Forged and missing states.
      expect(await callback(cat, 'twitter', '?state=forged-state&code=abc')).toBe(
        '/posts?platform=twitter&connect=invalid_state',
      );
      expect(await callback(cat, 'twitter', '?code=abc')).toBe(
        '/posts?platform=twitter&connect=invalid_state',
      );

      // A state used once already.
      const used = await followConsent(await startConnect(bob, 'linkedin'));
      expect(await callback(bob, 'linkedin', used.search)).toMatch(
        /^\/w\/[0-9a-f-]{36}\/posts\?platform=linkedin&connect=ok$/,
      );
      expect(await callback(bob, 'linkedin', used.search)).toBe(
        '/posts?platform=linkedin&connect=invalid_state',
      );

      // Another user's state: cat replays what the network sent back to bob.
      const bobs = await followConsent(await startConnect(bob, 'twitter'));
      expect(await callback(cat, 'twitter', bobs.search)).toBe(
        '/posts?platform=twitter&connect=invalid_state',
      );

      // The same user in another session (another browser) cannot finish this session's consent.
      const otherSession = callAs(t, await signIn(t.app, 'cat@example.com'));
      const first = await followConsent(await startConnect(cat, 'tiktok'));
      expect(await callback(otherSession, 'tiktok', first.search)).toBe(
        '/posts?platform=tiktok&connect=invalid_state',
      );

      // A state of another network.
      const forFacebook = await followConsent(await startConnect(cat, 'facebook'));
      expect(await callback(cat, 'instagram', forFacebook.search)).toBe(
        '/posts?platform=instagram&connect=invalid_state',
      );

      // A consent that came back after the state's ten minutes.
      const late = await followConsent(await startConnect(cat, 'instagram'));
      offsetMs = 11 * 60_000;
      try {
        expect(await callback(cat, 'instagram', late.search)).toBe(
          '/posts?platform=instagram&connect=invalid_state',
        );
      } finally {
        offsetMs = 0;
      }

      expect(await storedConnections('cat@example.com')).toEqual([]);
      expect((await profileOf(cat)).connections).toEqual({});
    });

    it('sends a browser without a session to the login page', async () => {
      const back = await followConsent(await startConnect(cat, 'twitter'));
      const res = await t.app.inject({ method: 'GET', url: `/api/social/twitter/callback${back.search}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?redirect=%2Fposts');
      expect(await storedConnections('cat@example.com')).toEqual([]);
    });

    it('says denied when the person refuses on the consent page, and stores nothing', async () => {
      facebook.authorizeAnswer = 'deny';
      try {
        const back = await followConsent(await startConnect(cat, 'facebook'));
        expect(back.searchParams.get('error')).toBe('access_denied');
        expect(await callback(cat, 'facebook', back.search)).toMatch(
          /^\/w\/[0-9a-f-]{36}\/posts\?platform=facebook&connect=denied$/,
        );
      } finally {
        facebook.authorizeAnswer = 'approve';
      }
      const state = new URL(await startConnect(cat, 'twitter')).searchParams.get('state')!;
      const query = new URLSearchParams({ state, error: 'access_denied', error_description: 'no thanks' });
      expect(await callback(cat, 'twitter', `?${query}`)).toMatch(
        /\/posts\?platform=twitter&connect=denied$/,
      );
      expect(await storedConnections('cat@example.com')).toEqual([]);
    });

    it('says failed when the network refuses the code, and stores nothing', async () => {
      const back = await followConsent(await startConnect(cat, 'twitter'));
      back.searchParams.set('code', 'x-code-not-issued');
      expect(await callback(cat, 'twitter', back.search)).toMatch(
        /\/posts\?platform=twitter&connect=failed$/,
      );
      expect(await storedConnections('cat@example.com')).toEqual([]);
    });
  });

  describe('validation and configuration', () => {
    it('answers 400 naming the allowed platforms for an unknown one in any path', async () => {
      for (const [method, url] of [
        ['GET', '/api/social/myspace/connect'],
        ['GET', '/api/social/myspace/callback?state=abc&code=def'],
        ['DELETE', '/api/social/myspace/connection'],
      ] as const) {
        const res = await ann(method, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toContain(ALLOWED);
      }
    });

    it('refuses to start OAuth for Bluesky, which connects with an app password', async () => {
      const res = await ann('GET', '/api/social/bluesky/connect');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('NOT_OAUTH');
    });

    it('asks for a session on every route', async () => {
      for (const [method, url] of [
        ['GET', '/api/social/twitter/connect'],
        ['POST', '/api/social/bluesky/connect'],
        ['DELETE', '/api/social/twitter/connection'],
        ['PUT', '/api/social/twitter/settings'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
        });
        expect(res.statusCode, url).toBe(401);
      }
    });
  });

  describe('Bluesky with an app password', () => {
    const connect = (call: Call, handle: string, password: string) =>
      call('POST', '/api/social/bluesky/connect', { handle, appPassword: password });

    it('connects with an app password and keeps it sealed', async () => {
      const res = await connect(ann, '@ann.test', appPassword);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ username: 'ann.test' });
      const profile = await profileOf(ann);
      expect(profile.connections.bluesky).toEqual({ username: 'ann.test', status: 'connected' });
      const [row] = (await storedConnections('ann@example.com')).filter((r) => r.platform === 'bluesky');
      expect(row!.credentials).not.toContain(appPassword);
      // No session token (a JWT starts with a base64url JSON header) in clear either.
      expect(row!.credentials).not.toContain('eyJ');
      expect(JSON.stringify(profile)).not.toContain(appPassword);
    });

    it('refuses the main password, a wrong password and an unknown handle, storing nothing', async () => {
      const main = await connect(bob, 'ann.test', MAIN_PASSWORD);
      expect(main.statusCode).toBe(400);
      expect(main.json().code).toBe('MAIN_PASSWORD');

      const wrong = await connect(bob, 'ann.test', 'abcd-efgh-ijkl-mnop');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('BAD_CREDENTIALS');

      const unknown = await connect(bob, 'nobody.test', appPassword);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('HANDLE_NOT_FOUND');

      expect((await storedConnections('bob@example.com')).map((r) => r.platform)).not.toContain('bluesky');
    });

    it('names both fields when they are empty', async () => {
      const res = await connect(bob, '  ', '');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { handle: expect.any(String), appPassword: expect.any(String) },
      });
    });
  });

  describe('settings, disconnecting and isolation', () => {
    it('keeps each person’s accounts to themselves', async () => {
      const annProfile = await profileOf(ann);
      expect(Object.keys(annProfile.connections).sort()).toEqual(
        ['bluesky', 'facebook', 'instagram', 'linkedin', 'tiktok', 'twitter'].sort(),
      );
      // bob connected LinkedIn only (in the state test); cat nothing.
      expect(Object.keys((await profileOf(bob)).connections)).toEqual(['linkedin']);
      expect((await profileOf(cat)).connections).toEqual({});
      // cat cannot disconnect or configure anyone else's account.
      expect((await cat('DELETE', '/api/social/twitter/connection')).statusCode).toBe(404);
      expect((await cat('DELETE', '/api/social/linkedin/connection')).statusCode).toBe(404);
      expect((await profileOf(ann)).connections.twitter?.status).toBe('connected');
      expect((await profileOf(bob)).connections.linkedin?.status).toBe('connected');
    });

    it('sets the X account type', async () => {
      expect((await profileOf(ann)).settings.twitterAccountType).toBe('standard');
      const set = await ann('PUT', '/api/social/twitter/settings', { accountType: 'professional' });
      expect(set.statusCode, set.body).toBe(204);
      expect((await profileOf(ann)).settings.twitterAccountType).toBe('professional');

      const bad = await ann('PUT', '/api/social/twitter/settings', { accountType: 'business' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
      expect((await profileOf(ann)).settings.twitterAccountType).toBe('professional');

      const notConnected = await bob('PUT', '/api/social/twitter/settings', { accountType: 'professional' });
      expect(notConnected.statusCode).toBe(404);
      expect(notConnected.json().code).toBe('NOT_CONNECTED');
      expect((await profileOf(bob)).settings.twitterAccountType).toBe('standard');
    });

    it('disconnects an account and deletes its tokens', async () => {
      for (const p of ['twitter', 'bluesky'] as const) {
        const first = await ann('DELETE', `/api/social/${p}/connection`);
        expect(first.statusCode, p).toBe(204);
        const again = await ann('DELETE', `/api/social/${p}/connection`);
        expect(again.statusCode, p).toBe(404);
        expect(again.json().code).toBe('NOT_CONNECTED');
      }
      const profile = await profileOf(ann);
      expect(profile.connections.twitter).toBeUndefined();
      expect(profile.connections.bluesky).toBeUndefined();
      expect(profile.settings.twitterAccountType).toBe('standard');
      const platforms = (await storedConnections('ann@example.com')).map((r) => r.platform).sort();
      expect(platforms).toEqual(['facebook', 'instagram', 'linkedin', 'tiktok']);
      // bob's LinkedIn is untouched by ann's changes.
      expect((await profileOf(bob)).connections.linkedin?.status).toBe('connected');
    });
  });
});
