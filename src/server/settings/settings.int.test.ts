import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/test-app';

describe('settings', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.ctx, { email: 'root@example.com', role: 'super_admin' });
    root = await signIn(t.app, 'root@example.com');
  });
  afterAll(() => t.close());

  it('starts with a trial of 7 days and keeps a valid change', async () => {
    expect((await t.app.inject({ url: '/api/settings', headers: { cookie: root } })).json()).toEqual({
      trialDurationDays: 7,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: root },
      payload: { trialDurationDays: 30 },
    });
    expect(res.json()).toEqual({ trialDurationDays: 30 });
    const [entry] = await t.ctx.audit.recent(1);
    expect(entry).toMatchObject({
      actorEmail: 'root@example.com',
      action: 'settings.update',
      details: { before: { trialDurationDays: 7 }, after: { trialDurationDays: 30 } },
    });
    expect((await t.app.inject({ url: '/api/settings', headers: { cookie: root } })).json()).toEqual({
      trialDurationDays: 30,
    });
  });

  it.each([0, 366, 7.5, 'seven', null, -1])(
    'refuses trialDurationDays %j and keeps the old value',
    async (value) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie: root },
        payload: { trialDurationDays: value },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ trialDurationDays: 'settings.trialDurationInvalid' });
      expect((await t.ctx.audit.recent(1))[0]?.details).toMatchObject({ after: { trialDurationDays: 30 } });
      expect((await t.app.inject({ url: '/api/settings', headers: { cookie: root } })).json()).toEqual({
        trialDurationDays: 30,
      });
    },
  );
});
