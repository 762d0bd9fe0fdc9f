import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';

/**
 * Issue 23: the caps on API tokens (50 working) and webhooks (20) are counted and written under the
 * owner's lock, so a burst of creates cannot pass them together (they counted, then inserted).
 */
describe('caps on tokens and webhooks under concurrent creates', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    await createUser(t.ctx, { email: 'burst@example.com' });
    cookie = await signIn(t.app, 'burst@example.com');
  });
  afterAll(() => t.close());

  const burst = (count: number, url: string, body: (i: number) => object) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        t.app.inject({ method: 'POST', url, headers: { cookie }, payload: body(i) }),
      ),
    );
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

  it('stops 60 simultaneous token creates at 50', async () => {
    const answers = await burst(60, '/api/tokens', (i) => ({ name: `script ${i}` }));
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 201: 50, 409: 10 });
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      code: 'TOO_MANY_TOKENS',
      params: { max: 50 },
    });
    const list = await t.app.inject({ url: '/api/tokens', headers: { cookie } });
    expect(list.json().data).toHaveLength(50);
  });

  it('stops 30 simultaneous webhook creates at 20', async () => {
    const answers = await burst(30, '/api/webhooks', (i) => ({
      url: `https://93.184.216.34/hook/${i}`,
      events: ['post.published'],
    }));
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 201: 20, 409: 10 });
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      code: 'TOO_MANY_WEBHOOKS',
      params: { max: 20 },
    });
    const list = await t.app.inject({ url: '/api/webhooks', headers: { cookie } });
    expect(list.json().data).toHaveLength(20);
  });
});
