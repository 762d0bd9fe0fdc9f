import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';

describe('templates', () => {
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

  const valid = {
    name: 'Sale',
    category: 'Promotions',
    platforms: ['bluesky'],
    content: '<p>50% off {{date}}</p>',
  };

  it('gives every user the three samples once; a deleted sample stays deleted', async () => {
    const first = (await call(ann, 'GET', '/api/templates')).json().data;
    expect(first.map((t: { name: string; category: string }) => `${t.category}: ${t.name}`).sort()).toEqual([
      'Captions: Caption Template',
      'Events: Event Announcement',
      'Promotions: Promo Template',
    ]);
    expect((await call(ann, 'DELETE', `/api/templates/${first[0].id}`)).statusCode).toBe(204);
    expect((await call(ann, 'GET', '/api/templates')).json().data).toHaveLength(2);
    expect(
      (await call(bob, 'GET', '/api/templates?category=Events'))
        .json()
        .data.map((t: { name: string }) => t.name),
    ).toEqual(['Event Announcement']);
  });

  it('creates, edits and deletes a template, sanitising its content', async () => {
    const created = await call(ann, 'POST', '/api/templates', {
      ...valid,
      content: '<p onclick="x()">50% off {{date}}</p><script>bad()</script>',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Sale',
      description: '',
      industry: null,
      content: '<p>50% off {{date}}</p>',
    });
    const id = created.json().id;
    const edited = await call(ann, 'PUT', `/api/templates/${id}`, {
      ...valid,
      name: 'Big sale',
      category: 'Announcements',
      industry: 'retail',
    });
    expect(edited.json()).toMatchObject({ name: 'Big sale', category: 'Announcements', industry: 'retail' });
    expect((await call(bob, 'PUT', `/api/templates/${id}`, valid)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/templates/${id}`)).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', `/api/templates/${id}`)).statusCode).toBe(204);
  });

  it("answers the spec's validation messages", async () => {
    const res = await call(ann, 'POST', '/api/templates', {
      name: '',
      category: 'Recipes',
      platforms: [],
      content: '<p></p>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'templates.nameRequired',
      category: 'templates.categoryRequired',
      platforms: 'templates.platformsRequired',
      content: 'templates.contentRequired',
    });
  });
});
