import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed } from '../../shared/api/feeds.schemas';
import { atom, type FeedServer, rss, startFeedServer } from '../../../test/fakes/feed-server';
import { type FakeOpenAI, startFakeOpenAI } from '../../../test/fakes/openai';
import { type Call, callAs } from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, teamWorkspace, type TestApp } from '../../../test/test-app';

/**
 * Issue 27: RSS and Atom auto-posting, against a feed server on 127.0.0.1 that changes between reads. The
 * app's clock is set by each test; ann has an X account with a queue (weekdays 09:00 and 15:00 Berlin).
 */
let now = new Date('2027-03-22T07:00:00Z');
const later = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));

describe('feeds', () => {
  let t: TestApp;
  let feeds: FeedServer;
  let ann: Call;
  let cookie: string;

  beforeAll(async () => {
    feeds = await startFeedServer();
    t = await createTestApp(
      { WEBHOOKS_ALLOW_PRIVATE: 'true', CREATE_RATE_PER_MINUTE: '1000', FEEDS_TIMEOUT_SECONDS: '1' },
      { clock: () => now },
    );
    ({ ann: cookie } = await signedInUsers(t, 'ann'));
    ann = callAs(t, cookie);
    await t.ctx.database.executeSql(
      `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
       select (select w.id from workspaces w where w.personal_of = users.id), id, 'twitter', '101', 'bloom_brand', 'sealed'
         from users where email = 'ann@example.com'`,
    );
    await t.ctx.changes.sync();
    const [brand] = (await ann('GET', '/api/social/accounts')).json<{ data: { id: string }[] }>().data;
    const times = [0, 1, 2, 3, 4].flatMap((day) => [
      { day, time: '09:00' },
      { day, time: '15:00' },
    ]);
    await ann('PUT', `/api/social/accounts/${brand!.id}/schedule`, {
      timezone: 'Europe/Berlin',
      times,
      paused: false,
    });
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  const add = async (path: string, body: object = {}) => {
    const res = await ann('POST', '/api/feeds', {
      url: `${feeds.base}${path}`,
      platforms: ['twitter'],
      mode: 'queue',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Feed>();
  };
  const feedOf = async (id: string) =>
    (await ann('GET', '/api/feeds')).json<{ data: Feed[] }>().data.find((f) => f.id === id)!;
  /** Reads what is due, as the workers would (`times` rounds at once: several workers). */
  const round = (times = 1) => Promise.all(Array.from({ length: times }, () => t.ctx.feeds.readDue()));
  const postsWith = async (text: string) =>
    (
      await t.ctx.database.executeSql(
        `select content_html, status, scheduled_at from posts where content_html like $1 order by scheduled_at`,
        [`%${text}%`],
      )
    ).rows as { content_html: string; status: string; scheduled_at: Date | null }[];

  const first = {
    guid: 'tulips',
    title: 'Tulips are back',
    link: 'https://bloom.example/tulips',
    date: '2027-03-20T10:00:00Z',
  };
  const second = {
    guid: 'roses',
    title: 'Roses &amp; more',
    link: 'https://bloom.example/roses',
    date: '2027-03-22T06:00:00Z',
  };
  const third = {
    guid: 'lilies',
    title: 'Lilies',
    link: 'https://bloom.example/lilies',
    date: '2027-03-22T07:30:00Z',
  };

  it("posts a feed's new items into the queue once, across workers and whatever the feed does later", async () => {
    feeds.set('/blog.xml', { body: rss([first]), etag: '"v1"' });
    const feed = await add('/blog.xml');
    // The first read records what is there; nothing is posted.
    await round();
    expect(await feedOf(feed.id)).toMatchObject({
      title: 'Bloom blog',
      items: 1,
      posted: 0,
      lastError: null,
    });
    expect(await postsWith('Tulips')).toEqual([]);

    // Unchanged: the ETag comes back and the answer is a 304.
    later(61);
    await round();
    expect(feeds.hits('/blog.xml')).toBe(2);
    expect((await feedOf(feed.id)).items).toBe(1);

    // Two new items, read by three workers at once: each becomes one post, oldest first, in the queue.
    feeds.set('/blog.xml', { body: rss([third, second, first]), etag: '"v2"' });
    later(61);
    await round(3);
    const posts = await postsWith('bloom.example');
    expect(posts.map((p) => [p.content_html, p.status, p.scheduled_at?.toISOString()])).toEqual([
      ['<p>Roses &amp; more https://bloom.example/roses</p>', 'scheduled', '2027-03-22T14:00:00.000Z'],
      ['<p>Lilies https://bloom.example/lilies</p>', 'scheduled', '2027-03-23T08:00:00.000Z'],
    ]);
    expect(await feedOf(feed.id)).toMatchObject({ items: 3, posted: 2 });

    // Reordered and with an item edited, the feed gives nothing new.
    feeds.set('/blog.xml', {
      body: rss([first, { ...second, title: 'Roses, edited' }, third]),
      etag: '"v3"',
    });
    later(61);
    await round(2);
    expect(await postsWith('bloom.example')).toHaveLength(2);
  });

  it('reads Atom, and makes drafts from its template', async () => {
    const entry = {
      id: 'urn:news:1',
      title: 'Open on Sunday',
      link: 'https://bloom.example/sunday',
      date: '2027-03-22T08:00:00Z',
    };
    feeds.set('/news.atom', { body: atom([]), type: 'application/atom+xml' });
    const feed = await add('/news.atom', {
      mode: 'draft',
      template: 'New: {{title}} ({{summary}}) {{link}}',
      intervalMinutes: 15,
    });
    await round();
    feeds.set('/news.atom', { body: atom([entry]), type: 'application/atom+xml' });
    later(16);
    await round();
    expect(await postsWith('Open on Sunday')).toEqual([
      {
        content_html: '<p>New: Open on Sunday (Open on Sunday in short) https://bloom.example/sunday</p>',
        status: 'draft',
        scheduled_at: null,
      },
    ]);
    expect(await feedOf(feed.id)).toMatchObject({ title: 'Bloom news', posted: 1 });
  });

  it('says why a read failed, in words the web shows, and reads again later each time', async () => {
    const cases: [string, Parameters<FeedServer['set']>[1], string, string | null][] = [
      ['/broken.xml', { body: '<rss><channel><item>' }, 'not_a_feed', null],
      ['/page.html', { body: '<html><body>Hello</body></html>', type: 'text/html' }, 'not_a_feed', null],
      ['/huge.xml', { huge: 20 * 1024 * 1024 }, 'too_large', null],
      ['/slow.xml', { slow: true }, 'timeout', null],
      ['/gone.xml', { status: 410 }, 'http_status', '410'],
      ['/loop.xml', { redirect: '/loop.xml' }, 'too_many_redirects', null],
    ];
    for (const [path, answer, error, detail] of cases) {
      feeds.set(path, answer);
      const feed = await add(path);
      await round();
      const read = await feedOf(feed.id);
      expect([path, read.lastError, read.failures]).toEqual([path, error, 1]);
      if (detail) expect(read.lastErrorDetail).toBe(detail);
      // Backoff: the next read waits the interval (an hour) after one failure, two after two.
      expect(Date.parse(read.nextReadAt) - now.getTime()).toBe(60 * 60_000);
      await ann('DELETE', `/api/feeds/${feed.id}`);
    }
  });

  it('refuses a bad address or an account not of the workspace, naming the field; a reviewer adds none', async () => {
    for (const [url, field] of [
      ['ftp://bloom.example/feed', 'url'],
      ['https://user:pass@bloom.example/feed', 'url'],
      ['not a url', 'url'],
    ] as const) {
      const res = await ann('POST', '/api/feeds', { url, platforms: ['twitter'], mode: 'draft' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    const foreign = await ann('POST', '/api/feeds', {
      url: `${feeds.base}/blog.xml`,
      platforms: ['twitter'],
      accounts: ['00000000-0000-4000-8000-000000000000'],
      mode: 'draft',
    });
    expect(foreign.json().fields).toHaveProperty('accounts');
    const { cookies, workspace } = await teamWorkspace(t, 'Bloom', 'owen', { rita: 'reviewer' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feeds',
      headers: { cookie: cookies.rita, 'x-postwell-workspace': workspace },
      payload: { url: `${feeds.base}/blog.xml`, platforms: ['bluesky'], mode: 'draft' },
    });
    expect(res.statusCode).toBe(403);
    expect((await callAs(t, cookies.owen)('GET', '/api/feeds')).json().data).toEqual([]);
  });
});

describe('feeds rewritten by the configured model', () => {
  let t: TestApp;
  let feeds: FeedServer;
  let ai: FakeOpenAI;
  let ann: Call;

  beforeAll(async () => {
    [feeds, ai] = await Promise.all([startFeedServer(), startFakeOpenAI()]);
    t = await createTestApp(
      {
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        CREATE_RATE_PER_MINUTE: '1000',
        FEEDS_TIMEOUT_SECONDS: '1',
        AI_BASE_URL: ai.url,
        AI_MODEL: ai.model,
      },
      { clock: () => now },
    );
    const { ann: cookie } = await signedInUsers(t, 'ann');
    ann = callAs(t, cookie);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([feeds?.close(), ai?.close()]);
  });

  const round = () => t.ctx.feeds.readDue();
  const drafts = async () =>
    (
      await t.ctx.database.executeSql(
        `select content_html from posts where status = 'draft' order by created_at`,
      )
    ).rows.map((r) => (r as { content_html: string }).content_html);

  it("posts the model's rewrite of each item, and the template's text when the model fails", async () => {
    const list = (await ann('GET', '/api/feeds')).json<{ ai: boolean }>();
    expect(list.ai).toBe(true);
    feeds.set('/ai.xml', { body: rss([]) });
    const res = await ann('POST', '/api/feeds', {
      url: `${feeds.base}/ai.xml`,
      platforms: ['bluesky', 'twitter'],
      mode: 'draft',
      rewrite: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Feed>().rewrite).toBe(true);
    await round();

    ai.setMode({ kind: 'answer', text: 'Fresh tulips just arrived! https://bloom.example/tulips' });
    feeds.set('/ai.xml', {
      body: rss([
        {
          guid: 't',
          title: 'Tulips are back',
          link: 'https://bloom.example/tulips',
          date: '2027-03-22T08:00:00Z',
        },
      ]),
    });
    later(61);
    await round();
    expect(await drafts()).toEqual(['<p>Fresh tulips just arrived! https://bloom.example/tulips</p>']);
    // The model was asked for X's length (the tighter of the two), with the filled template.
    const prompt = ai.prompts().at(-1)!;
    expect(JSON.stringify(prompt)).toContain('Tulips are back https://bloom.example/tulips');
    expect(JSON.stringify(prompt)).toContain('at most 280 characters');

    ai.setMode({ kind: 'fail', status: 500 });
    feeds.set('/ai.xml', {
      body: rss([
        { guid: 'r', title: 'Roses too', link: 'https://bloom.example/roses', date: '2027-03-22T09:00:00Z' },
      ]),
    });
    later(61);
    await round();
    expect((await drafts()).at(-1)).toBe('<p>Roses too https://bloom.example/roses</p>');
  });
});
