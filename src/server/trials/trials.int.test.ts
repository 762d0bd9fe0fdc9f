import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { trialRequests } from '../db/schema';

describe('trial requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRIAL_RATE_PER_HOUR: '4' });
  });
  afterAll(() => t.close());

  const request = (payload: object, ip = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/trials', payload, remoteAddress: ip });

  it('stores a request', async () => {
    const res = await request({ name: '  Grace Hopper ', email: 'Grace@Navy.mil', company: 'US Navy' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'received' });
    const rows = await t.ctx.database.db.select().from(trialRequests);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Grace Hopper',
        email: 'grace@navy.mil',
        company: 'US Navy',
        status: 'pending',
      }),
    ]);
  });

  it('answers a duplicate email politely and stores it once', async () => {
    const res = await request({ name: 'Grace again', email: 'grace@navy.mil' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'already_requested' });
    expect(await t.ctx.database.db.select().from(trialRequests)).toHaveLength(1);
  });

  it('validates name and email on the server and names each field', async () => {
    const res = await request({ name: '', email: 'not-an-email' }, '10.9.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fields: { name: 'trial.name_required', email: 'trial.email_invalid' },
    });
    const missing = await request({ name: 'Ann' }, '10.9.0.2');
    expect(missing.json().fields).toHaveProperty('email');
    const tooLong = await request({ name: 'x'.repeat(101), email: 'a@b.co' }, '10.9.0.2');
    expect(tooLong.json().fields).toEqual({ name: 'errors.validation' });
    expect(await t.ctx.database.db.select().from(trialRequests)).toHaveLength(1);
  });

  it('rate-limits requests per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await request({ name: `P${i}`, email: `p${i}@example.com` }, '10.9.0.3')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    expect(await t.ctx.database.db.select().from(trialRequests)).toHaveLength(5);
  });
});
