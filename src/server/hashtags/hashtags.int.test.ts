import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';

describe('hashtags', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let call: ReturnType<typeof requestAs>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ann, bob } = await signedInUsers(t, 'ann', 'bob'));
    call = requestAs(t);
  });
  afterAll(() => t.close());

  it('lists the five built-in categories', async () => {
    const res = (await call(ann, 'GET', '/api/hashtags')).json();
    expect(Object.keys(res.categories)).toEqual([
      'business',
      'marketing',
      'technology',
      'lifestyle',
      'creative',
    ]);
    expect(res).toMatchObject({ custom: {}, recent: [] });
  });

  it('adds custom tags normalised, per user, and finds them in suggestions', async () => {
    const added = await call(ann, 'POST', '/api/hashtags/custom', {
      tag: '  #LaunchDay ',
      category: 'marketing',
    });
    expect(added.json().custom).toEqual({ marketing: ['launchday'] });
    expect((await call(ann, 'GET', '/api/hashtags/suggestions?q=launch')).json().data).toEqual(['launchday']);
    expect((await call(bob, 'GET', '/api/hashtags/suggestions?q=launch')).json().data).toEqual([]);
    expect((await call(ann, 'GET', '/api/hashtags/suggestions?q=')).json().data).toEqual([]);
    const removed = await call(ann, 'DELETE', '/api/hashtags/custom/marketing/launchday');
    expect(removed.json().custom).toEqual({});
    expect((await call(ann, 'DELETE', '/api/hashtags/custom/marketing/launchday')).statusCode).toBe(404);
  });

  it('names a bad tag or category', async () => {
    const res = await call(ann, 'POST', '/api/hashtags/custom', { tag: '#', category: 'food' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ tag: 'hashtags.tagRequired', category: 'hashtags.categoryRequired' });
    expect(
      (await call(ann, 'POST', '/api/hashtags/custom', { tag: 'two words', category: 'business' })).json()
        .fields,
    ).toEqual({ tag: 'hashtags.tagInvalid' });
  });

  it('keeps the ten most recently used tags, newest first, without duplicates', async () => {
    for (let i = 1; i <= 12; i++) await call(ann, 'POST', '/api/hashtags/recent', { tag: `tag${i}` });
    const again = await call(ann, 'POST', '/api/hashtags/recent', { tag: '#TAG5' });
    expect(again.json().recent).toEqual([
      'tag5',
      'tag12',
      'tag11',
      'tag10',
      'tag9',
      'tag8',
      'tag7',
      'tag6',
      'tag4',
      'tag3',
    ]);
    expect((await call(bob, 'GET', '/api/hashtags')).json().recent).toEqual([]);
  });
});
