import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';

const PER_MINUTE = 2;

/** How to create the i-th thing of each kind (a variable is created by setting it). */
const ROUTES: { what: string; create: (i: number) => [method: 'POST' | 'PUT', url: string, body: object] }[] =
  [
    {
      what: 'recurring posts',
      create: () => [
        'POST',
        '/api/recurring-posts',
        {
          content: '<p>Weekly tips</p>',
          platforms: ['bluesky'],
          startDate: '2099-01-01T09:00:00Z',
          frequency: 'weekly',
          timezone: 'UTC',
        },
      ],
    },
    {
      what: 'templates',
      create: (i) => [
        'POST',
        '/api/templates',
        { name: `T${i}`, category: 'Events', platforms: ['bluesky'], content: '<p>Hi</p>' },
      ],
    },
    { what: 'variables', create: (i) => ['PUT', `/api/variables/v${i}`, { value: 'x' }] },
    {
      what: 'custom hashtags',
      create: (i) => ['POST', '/api/hashtags/custom', { tag: `t${i}`, category: 'business' }],
    },
  ];

describe('creation rate per user', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let call: ReturnType<typeof requestAs>;
  beforeAll(async () => {
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: String(PER_MINUTE) });
    ({ ann, bob } = await signedInUsers(t, 'ann', 'bob'));
    call = requestAs(t);
  });
  afterAll(() => t.close());

  it.each(ROUTES)(
    '$what: past the minute’s creates, 429 with Retry-After and the limit',
    async ({ create }) => {
      for (let i = 0; i < PER_MINUTE; i++) {
        const res = await call(ann, ...create(i));
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
      const refused = await call(ann, ...create(PER_MINUTE));
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        retryAfterSeconds: retryAfter,
        params: { max: PER_MINUTE },
      });
      expect(refused.json().message).toContain(`at most ${PER_MINUTE} a minute`);
      // Another user has a minute of their own.
      expect((await call(bob, ...create(0))).statusCode).toBeLessThan(300);
    },
  );

  it('counts only what passed validation: a malformed request is a 400, never a 429', async () => {
    const { cat } = await signedInUsers(t, 'cat');
    for (let i = 0; i < 5; i++) {
      const res = await call(cat, 'POST', '/api/templates', { name: '' });
      expect(res.statusCode).toBe(400);
    }
    const valid = ROUTES[1]!.create(0);
    expect((await call(cat, ...valid)).statusCode).toBe(201);
  });
});
