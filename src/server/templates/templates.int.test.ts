import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';
import {
  TEMPLATE_CONTENT_MAX,
  TEMPLATES_MAX,
  type Template,
  type TemplateList,
} from '../../shared/api/templates.schemas';

describe('templates', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let cat: string;
  let dan: string;
  let call: ReturnType<typeof requestAs>;
  beforeAll(async () => {
    // Room for the cap's 510 creates in a minute; the rate itself is tested in http/creation-rate.
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '10000' });
    ({ ann, bob, cat, dan } = await signedInUsers(t, 'ann', 'bob', 'cat', 'dan'));
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

  it('pages through the templates newest first: every template once, with the total, per category too', async () => {
    // The first read adds the three samples: the oldest, so the last of every list below.
    expect((await call(cat, 'GET', '/api/templates')).json<TemplateList>().total).toBe(3);
    const made: string[] = [];
    for (let i = 0; i < 123; i++) {
      const res = await call(cat, 'POST', '/api/templates', {
        ...valid,
        name: `T${i}`,
        category: i % 3 ? 'Promotions' : 'Events',
      });
      expect(res.statusCode).toBe(201);
      made.push(res.json<Template>().id);
    }
    const read = async (query: string) => {
      const seen: Template[] = [];
      let total = -1;
      for (let offset = 0; ; offset += 50) {
        const res = await call(cat, 'GET', `/api/templates?limit=50&offset=${offset}${query}`);
        expect(res.statusCode).toBe(200);
        const page = res.json<TemplateList>();
        total = page.total;
        seen.push(...page.data);
        if (page.data.length < 50) break;
      }
      return { seen, total };
    };
    const all = await read('');
    expect(all.total).toBe(126);
    expect(all.seen).toHaveLength(126);
    expect(new Set(all.seen.map((tpl) => tpl.id)).size).toBe(126);
    expect(all.seen.slice(0, 123).map((tpl) => tpl.id)).toEqual([...made].reverse());

    const events = await read('&category=Events');
    expect(events.total).toBe(42);
    expect(events.seen.map((tpl) => tpl.name)).toEqual([
      ...Array.from({ length: 41 }, (_, k) => `T${(40 - k) * 3}`),
      'Event Announcement',
    ]);

    const first = await call(cat, 'GET', '/api/templates');
    expect(first.json<TemplateList>().data).toHaveLength(50);
    const tooMany = await call(cat, 'GET', '/api/templates?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ limit: 'errors.validation' });
  });

  it('refuses a name or content past its bound, naming the field', async () => {
    const long = await call(ann, 'POST', '/api/templates', {
      ...valid,
      name: 'n'.repeat(121),
      content: `<p>${'x'.repeat(TEMPLATE_CONTENT_MAX)}</p>`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({
      name: 'templates.nameTooLong',
      content: 'templates.contentTooLong',
    });
    const fits = await call(ann, 'POST', '/api/templates', {
      ...valid,
      content: `<p>${'x'.repeat(TEMPLATE_CONTENT_MAX - 7)}</p>`,
    });
    expect(fits.statusCode).toBe(201);
  });

  it(`keeps at most ${TEMPLATES_MAX} templates per user, however many are created at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: TEMPLATES_MAX + 10 }, (_, i) =>
        call(dan, 'POST', '/api/templates', { ...valid, name: `Mass ${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(TEMPLATES_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const refused = answers.find((res) => res.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: 'TOO_MANY_TEMPLATES', params: { max: TEMPLATES_MAX } });
    expect(refused.message).toContain(String(TEMPLATES_MAX));
    const { rows } = await t.ctx.database.executeSql(
      `select count(*)::int as n from templates t join users u on u.id = t.user_id where u.email = 'dan@example.com'`,
    );
    expect(rows).toEqual([{ n: TEMPLATES_MAX }]);
  }, 60_000);
});
