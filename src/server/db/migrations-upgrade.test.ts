import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/** The last migration of the release before issue 23 (0021–0023 came with it). */
const PREVIOUS_RELEASE = 20;

/**
 * A database as the release whose last migration is `release` left it, holding the rows `seed` writes,
 * then migrated to today. Answers the client and a function that removes its folder.
 */
async function migratedFrom(release: number, seed: string) {
  const folder = await mkdtemp(join(tmpdir(), 'postwell-migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= release);
  await writeFile(journalFile, JSON.stringify(journal));
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: folder });
  await client.exec(seed);
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  return { client, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * A database as the previous release left it, with rows in every table issue 23's migrations change
 * (the sign-in lock-out, media, video renders), migrated to today: every row is kept, as it was.
 */
describe('migrations 0021–0023 on a database of the previous release', () => {
  let client: PGlite;
  let remove: () => Promise<void>;
  const query = async <T>(text: string) => (await client.query<T>(text)).rows;

  beforeAll(async () => {
    ({ client, remove } = await migratedFrom(
      PREVIOUS_RELEASE,
      `      insert into users (id, name, email) values ('u1', 'Ann', 'ann@example.com'), ('u2', 'Bob', 'bob@example.com');
      insert into login_throttle (email, failures, window_started_at, locked_until) values
        ('ann@example.com', 3, '2026-11-20T10:00:00Z', null),
        ('bob@example.com', 0, '2026-11-20T10:00:00Z', '2099-01-01T00:00:00Z');
      insert into media (id, user_id, kind, original_name, mime, bytes, width, height, sha256, storage_key, thumbnail_key)
        values ('00000000-0000-4000-8000-000000000001', 'u1', 'image', 'a.png', 'image/png', 1234, 80, 60,
                'abc', 'u1/a.png', 'u1/a.thumb.webp');
      insert into video_renders (id, key, user_id, media_id, status, layout, storage_key, bytes)
        values ('00000000-0000-4000-8000-000000000002', 'k1', 'u1', '00000000-0000-4000-8000-000000000001',
                'ready', '{"w":1}', 'renders/u1/r.mp4', 999);
    `,
    ));
    // Two migrations of a new database: seconds on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await remove?.();
  });

  it('keeps every lock-out row as the lock of unknown devices, and takes a device of its own beside it', async () => {
    expect(
      await query(
        `select email, device, failures, locked_until::text as locked_until from login_throttle order by email`,
      ),
    ).toEqual([
      { email: 'ann@example.com', device: '', failures: 3, locked_until: null },
      { email: 'bob@example.com', device: '', failures: 0, locked_until: '2099-01-01 00:00:00+00' },
    ]);
    await client.exec(
      `insert into login_throttle (email, device, failures) values ('ann@example.com', 'nonce', 1)`,
    );
    expect(
      await query(`select count(*)::int as n from login_throttle where email = 'ann@example.com'`),
    ).toEqual([{ n: 2 }]);
  });

  it('keeps media and renders as they were, a thumbnail counting 0 bytes until it is made again', async () => {
    expect(
      await query(
        `select id, user_id, bytes, width, height, storage_key, thumbnail_key, thumbnail_bytes from media`,
      ),
    ).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        user_id: 'u1',
        bytes: 1234,
        width: 80,
        height: 60,
        storage_key: 'u1/a.png',
        thumbnail_key: 'u1/a.thumb.webp',
        thumbnail_bytes: 0,
      },
    ]);
    expect(
      await query(`select key, status, storage_key, bytes, layout, started_at from video_renders`),
    ).toEqual([
      {
        key: 'k1',
        status: 'ready',
        storage_key: 'renders/u1/r.mp4',
        bytes: 999,
        layout: { w: 1 },
        started_at: null,
      },
    ]);
    expect(await query(`select count(*)::int as n from users`)).toEqual([{ n: 2 }]);
  });
});

/**
 * Issue 24's migrations (0024–0025) on a database of the release before them, with targets in every
 * state: each one a worker still has to take gets its due time (the post's time, its next try, the end
 * of its lease), the others none, and the publish job ids go.
 */
describe('migrations 0024–0025 on a database of the previous release', () => {
  let client: PGlite;
  let remove: () => Promise<void>;
  const query = async <T>(text: string) => (await client.query<T>(text)).rows;

  beforeAll(async () => {
    const post = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
    const target = (n: number) => `00000000-0000-4000-8000-00000000020${n}`;
    ({ client, remove } = await migratedFrom(
      23,
      `      insert into users (id, name, email) values ('u1', 'Ann', 'ann@example.com');
      insert into posts (id, user_id, content_html, status, scheduled_at, timezone) values
        ('${post(1)}', 'u1', '<p>a</p>', 'scheduled', '2026-12-01T09:00:00Z', 'UTC'),
        ('${post(2)}', 'u1', '<p>b</p>', 'publishing', '2026-11-20T09:00:00Z', 'UTC'),
        ('${post(3)}', 'u1', '<p>c</p>', 'published', '2026-11-19T09:00:00Z', 'UTC'),
        ('${post(4)}', 'u1', '<p>d</p>', 'draft', '2026-12-02T09:00:00Z', 'UTC');
      insert into post_targets (id, post_id, platform, status, next_attempt_at, lease_until, job_id) values
        ('${target(1)}', '${post(1)}', 'twitter', 'pending', null, null, gen_random_uuid()),
        ('${target(2)}', '${post(2)}', 'twitter', 'retrying', '2026-11-20T09:30:00Z', null, gen_random_uuid()),
        ('${target(3)}', '${post(2)}', 'bluesky', 'publishing', null, '2026-11-20T09:01:00Z', null),
        ('${target(4)}', '${post(2)}', 'linkedin', 'published', null, null, null),
        ('${target(5)}', '${post(3)}', 'twitter', 'published', null, null, null),
        ('${target(6)}', '${post(4)}', 'twitter', 'pending', null, null, null);
    `,
    ));
    // Two migrations of a new database: seconds on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await remove?.();
  });

  it('gives every target a worker must still take its due time, and keeps every row', async () => {
    expect(
      await query(
        `select platform, status, to_char(due_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as due
           from post_targets order by id`,
      ),
    ).toEqual([
      { platform: 'twitter', status: 'pending', due: '2026-12-01 09:00' },
      { platform: 'twitter', status: 'retrying', due: '2026-11-20 09:30' },
      { platform: 'bluesky', status: 'publishing', due: '2026-11-20 09:01' },
      { platform: 'linkedin', status: 'published', due: null },
      { platform: 'twitter', status: 'published', due: null },
      { platform: 'twitter', status: 'pending', due: null },
    ]);
    expect(
      await query(`select column_name from information_schema.columns
                    where table_name = 'post_targets' and column_name = 'job_id'`),
    ).toEqual([]);
  });
});

/**
 * Issue 25's migration (0026) on a database as the release before it left it, with rows in every table
 * it scopes (as that release's API wrote them: posts in every state, accounts, rules, templates, media,
 * renders, metrics, insights, tokens, webhooks) for two users: each user gets a personal workspace they
 * own, every row moves into its user's, no id changes, and no row is in a workspace anyone else is in.
 */
describe('migration 0026 (workspaces) on a database of the previous release', () => {
  let client: PGlite;
  let remove: () => Promise<void>;
  const query = async <T>(text: string) => (await client.query<T>(text)).rows;
  const SCOPED = [
    'posts',
    'social_connections',
    'templates',
    'custom_hashtags',
    'media',
    'video_renders',
    'variables',
    'recurring_posts',
    'target_metrics',
    'target_latest_metrics',
    'ai_insights',
    'webhook_endpoints',
    'api_tokens',
  ];
  const id = (n: number) => `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`;

  beforeAll(async () => {
    const rows = (user: string, base: number) => `
      insert into posts (id, user_id, content_html, status, scheduled_at, timezone) values
        ('${id(base + 1)}', '${user}', '<p>draft</p>', 'draft', null, 'UTC'),
        ('${id(base + 2)}', '${user}', '<p>scheduled</p>', 'scheduled', '2026-12-01T09:00:00Z', 'UTC'),
        ('${id(base + 3)}', '${user}', '<p>publishing</p>', 'publishing', '2026-11-26T09:00:00Z', 'UTC'),
        ('${id(base + 4)}', '${user}', '<p>published</p>', 'published', '2026-11-25T09:00:00Z', 'UTC'),
        ('${id(base + 5)}', '${user}', '<p>partly</p>', 'partially_failed', '2026-11-24T09:00:00Z', 'UTC'),
        ('${id(base + 6)}', '${user}', '<p>failed</p>', 'failed', '2026-11-23T09:00:00Z', 'UTC');
      insert into post_targets (id, post_id, platform, status, published_at) values
        ('${id(base + 7)}', '${id(base + 4)}', 'twitter', 'published', '2026-11-25T09:00:01Z');
      insert into social_connections (user_id, platform, account_id, username, credentials)
        values ('${user}', 'twitter', 'acct-${user}', '${user}', 'sealed');
      insert into templates (user_id, name, category, content_html) values ('${user}', 'T', 'promotion', '<p>t</p>');
      insert into template_seeds (user_id) values ('${user}');
      insert into custom_hashtags (user_id, category, tag) values ('${user}', 'business', 'launch');
      insert into media (id, user_id, kind, original_name, mime, bytes, sha256, storage_key)
        values ('${id(base + 8)}', '${user}', 'video', 'v.mp4', 'video/mp4', 10, 'x', '${user}/v.mp4');
      insert into video_renders (key, user_id, media_id, layout) values ('k-${user}', '${user}', '${id(base + 8)}', '{}');
      insert into variables (user_id, name, value) values ('${user}', 'brand', 'B');
      insert into recurring_posts (id, user_id, content_html, start_at, frequency, timezone)
        values ('${id(base + 9)}', '${user}', '<p>r</p>', '2026-12-01T09:00:00Z', 'weekly', 'UTC');
      insert into target_metrics (target_id, user_id, platform, slot, collected_at, outcome, likes)
        values ('${id(base + 7)}', '${user}', 'twitter', 0, '2026-11-25T10:00:00Z', 'read', 3);
      insert into target_latest_metrics (target_id, user_id, platform, published_at, slot, likes)
        values ('${id(base + 7)}', '${user}', 'twitter', '2026-11-25T09:00:01Z', 0, 3);
      insert into ai_insights (user_id, post_id, tone, score, source)
        values ('${user}', '${id(base + 4)}', 'Positive', 0.5, 'offline');
      insert into webhook_endpoints (user_id, url, events, secret_sealed, secret_prefix)
        values ('${user}', 'https://example.com/hook', '{post.published}', 'sealed', 'whsec_ab');
      insert into api_tokens (user_id, name, token_hash, display_prefix)
        values ('${user}', 'script', 'hash-${user}', 'pw_ab');
      insert into oauth_states (state_hash, user_id, session_id, platform, code_verifier, expires_at)
        values ('state-${user}', '${user}', 's', 'twitter', 'v', '2026-11-25T10:00:00Z');`;
    ({ client, remove } = await migratedFrom(
      25,
      `insert into users (id, name, email, timezone) values
         ('u1', 'Ann', 'ann@example.com', 'Europe/Paris'), ('u2', 'Bob', 'bob@example.com', null);
       ${rows('u1', 0)}
       ${rows('u2', 10)}`,
    ));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await remove?.();
  });

  it('gives every user a personal workspace, named after them, that they own', async () => {
    expect(
      await query(`select u.id, w.name, w.timezone, m.role from users u
                     join workspaces w on w.personal_of = u.id
                     join workspace_members m on m.workspace_id = w.id and m.user_id = u.id
                    order by u.id`),
    ).toEqual([
      { id: 'u1', name: 'Ann', timezone: 'Europe/Paris', role: 'owner' },
      { id: 'u2', name: 'Bob', timezone: null, role: 'owner' },
    ]);
    expect(await query(`select count(*)::int as n from workspace_members`)).toEqual([{ n: 2 }]);
  });

  it('moves every scoped row into its user’s workspace, keeping every row and every id', async () => {
    for (const table of SCOPED) {
      expect(
        await query(`select
            count(*)::int as rows,
            count(*) filter (where t.workspace_id is distinct from w.id)::int as elsewhere
          from ${table} t left join workspaces w on w.personal_of = t.user_id`),
        table,
      ).toEqual([{ rows: table === 'posts' ? 12 : 2, elsewhere: 0 }]);
      // Nobody but the row's user is a member of its workspace: no one else can reach it.
      expect(
        await query(`select count(*)::int as n from ${table} t
                       join workspace_members m on m.workspace_id = t.workspace_id and m.user_id <> t.user_id`),
        table,
      ).toEqual([{ n: 0 }]);
    }
    expect(await query(`select id, status from posts where user_id = 'u1' order by id`)).toEqual(
      ['draft', 'scheduled', 'publishing', 'published', 'partially_failed', 'failed'].map((status, i) => ({
        id: id(i + 1),
        status,
      })),
    );
    expect(
      await query(`select count(*)::int as n from template_seeds s
                     join workspaces w on w.id = s.workspace_id and w.personal_of is not null`),
    ).toEqual([{ n: 2 }]);
    // A consent in progress names no workspace: it is begun again.
    expect(await query(`select count(*)::int as n from oauth_states`)).toEqual([{ n: 0 }]);
  });

  it('keeps writing and announcing changes by workspace afterwards', async () => {
    await client.exec(`
      insert into posts (workspace_id, user_id, content_html, status, timezone)
        select id, 'u1', '<p>new</p>', 'draft', 'UTC' from workspaces where personal_of = 'u1';
      update social_connections set status = 'needs_reconnect';
      insert into workspace_members (workspace_id, user_id, role)
        select id, 'u2', 'reviewer' from workspaces where personal_of = 'u1';
      update workspaces set name = 'Ann & co' where personal_of = 'u1';
      delete from workspace_members where user_id = 'u2' and role = 'reviewer';`);
    expect(await query(`select count(*)::int as n from posts`)).toEqual([{ n: 13 }]);
  });
});

/**
 * Issue 25's migrations 0027 (invitations, last active) and 0028 (approval) on a database as 0026 left
 * it: every post keeps its state, none has anything approved or sent back, alert choices keep theirs and
 * gain approvals (on), and the new tables take rows only for members.
 */
describe('migrations 0027–0028 (members, approval) on a database of the previous release', () => {
  let client: PGlite;
  let remove: () => Promise<void>;
  const query = async <T>(text: string) => (await client.query<T>(text)).rows;
  const STATES = ['draft', 'scheduled', 'publishing', 'published', 'partially_failed', 'failed'];
  const WORKSPACE = '00000000-0000-4000-8000-000000000401';

  beforeAll(async () => {
    ({ client, remove } = await migratedFrom(
      26,
      `insert into users (id, name, email) values ('u1', 'Ann', 'ann@example.com'), ('u2', 'Bob', 'bob@example.com');
       insert into workspaces (id, name, personal_of) values ('${WORKSPACE}', 'Ann', 'u1');
       insert into workspace_members (workspace_id, user_id, role) values ('${WORKSPACE}', 'u1', 'owner');
       insert into alert_preferences (user_id, target_failed) values ('u1', false);
       ${STATES.map(
         (status, i) =>
           `insert into posts (id, workspace_id, user_id, content_html, status, scheduled_at)
              values ('00000000-0000-4000-8000-00000000041${i}', '${WORKSPACE}', 'u1', '<p>${status}</p>',
                      '${status}', '2026-12-0${i + 1}T09:00:00Z');`,
       ).join('\n')}`,
    ));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await remove?.();
  });

  it('keeps every post as it was, with nothing approved or sent back, and no history yet', async () => {
    const posts = await query<{ status: string; approval_hash: string | null; review_note: string | null }>(
      `select status, approval_hash, review_note from posts order by id`,
    );
    expect(posts).toEqual(STATES.map((status) => ({ status, approval_hash: null, review_note: null })));
    expect(await query(`select * from post_events`)).toEqual([]);
  });

  it('keeps each alert choice and turns the approvals alert on', async () => {
    expect(await query(`select user_id, target_failed, approvals from alert_preferences`)).toEqual([
      { user_id: 'u1', target_failed: false, approvals: true },
    ]);
  });

  it('notes activity only of members, and keeps one waiting invitation per address', async () => {
    await client.exec(
      `insert into workspace_member_activity (workspace_id, user_id) values ('${WORKSPACE}', 'u1')`,
    );
    await expect(
      client.exec(
        `insert into workspace_member_activity (workspace_id, user_id) values ('${WORKSPACE}', 'u2')`,
      ),
    ).rejects.toThrow();
    const invite = (hash: string, email: string) =>
      client.exec(`insert into workspace_invitations (workspace_id, email, role, token_hash, expires_at)
                   values ('${WORKSPACE}', '${email}', 'editor', '${hash}', now() + interval '7 days')`);
    await invite('h1', 'new@example.com');
    await expect(invite('h2', 'NEW@example.com')).rejects.toThrow();
  });
});

/**
 * Issue 25's migrations 0029 (comments), 0030 (review links) and 0031 (a recurring post's approval) on a
 * database as 0028 left it: every recurring post stays approved and keeps making posts, alert choices
 * gain mentions (on), and a comment is on one post or one rule, never both or neither.
 */
describe('migrations 0029–0031 (comments, review links, recurring approval) on a database of the previous release', () => {
  let client: PGlite;
  let remove: () => Promise<void>;
  const query = async <T>(text: string) => (await client.query<T>(text)).rows;
  const WORKSPACE = '00000000-0000-4000-8000-000000000501';
  const POST = '00000000-0000-4000-8000-000000000511';
  const RULE = '00000000-0000-4000-8000-000000000521';

  beforeAll(async () => {
    ({ client, remove } = await migratedFrom(
      28,
      `insert into users (id, name, email) values ('u1', 'Ann', 'ann@example.com');
       insert into workspaces (id, name, personal_of) values ('${WORKSPACE}', 'Ann', 'u1');
       insert into workspace_members (workspace_id, user_id, role) values ('${WORKSPACE}', 'u1', 'owner');
       insert into alert_preferences (user_id, approvals) values ('u1', false);
       insert into posts (id, workspace_id, user_id, content_html, status, scheduled_at)
         values ('${POST}', '${WORKSPACE}', 'u1', '<p>Hi</p>', 'scheduled', '2026-12-01T09:00:00Z');
       insert into recurring_posts (id, workspace_id, user_id, content_html, platforms, start_at, frequency,
                                    timezone, next_at)
         values ('${RULE}', '${WORKSPACE}', 'u1', '<p>Weekly</p>', '["bluesky"]', '2026-12-01T09:00:00Z',
                 'weekly', 'UTC', '2026-12-08T09:00:00Z');`,
    ));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await remove?.();
  });

  it('keeps every recurring post approved, with its next occurrence', async () => {
    expect(
      await query(`select approval_status, review_note, next_at is not null as next from recurring_posts`),
    ).toEqual([{ approval_status: 'approved', review_note: null, next: true }]);
  });

  it('keeps each alert choice and turns the mentions alert on', async () => {
    expect(await query(`select approvals, mentions from alert_preferences`)).toEqual([
      { approvals: false, mentions: true },
    ]);
  });

  it('puts a comment on one post or one rule, and one notice per comment and member', async () => {
    const comment = (post: string, rule: string) =>
      client.exec(`insert into comments (workspace_id, post_id, recurring_id, author_id, author_name, body)
                   values ('${WORKSPACE}', ${post}, ${rule}, 'u1', 'Ann', 'x')`);
    await comment(`'${POST}'`, 'null');
    await comment('null', `'${RULE}'`);
    await expect(comment(`'${POST}'`, `'${RULE}'`)).rejects.toThrow();
    await expect(comment('null', 'null')).rejects.toThrow();
    const [first] = await query<{ id: string }>(`select id from comments order by created_at limit 1`);
    const notice = () =>
      client.exec(`insert into notifications (user_id, workspace_id, comment_id)
                   values ('u1', '${WORKSPACE}', '${first!.id}')`);
    await notice();
    await expect(notice()).rejects.toThrow();
  });

  it('keeps one review link per token, and its comments when it goes', async () => {
    const link = (hash: string) =>
      client.exec(`insert into review_links (workspace_id, created_by, token_hash, post_ids, expires_at)
                   values ('${WORKSPACE}', 'u1', '${hash}', '["${POST}"]', now() + interval '14 days')`);
    await link('h1');
    await expect(link('h1')).rejects.toThrow();
    const [{ id }] = (await query<{ id: string }>(`select id from review_links`)) as [{ id: string }];
    await client.exec(`insert into comments (workspace_id, post_id, review_link_id, author_name, body)
                       values ('${WORKSPACE}', '${POST}', '${id}', 'Clara', 'ok')`);
    await client.exec(`delete from review_links`);
    expect(await query(`select author_name, review_link_id from comments where author_id is null`)).toEqual([
      { author_name: 'Clara', review_link_id: null },
    ]);
  });
});

/**
 * Issue 25's migration 0032 (several accounts per network) on a database as 0031 left it: each account,
 * target and recurring post is kept, the targets going to their network's first account as before, and
 * a workspace may then connect a second account of a network but never the same account twice.
 */
describe('migration 0032 (several accounts per network) on a database of the previous release', () => {
  let client: PGlite;
  let remove: () => Promise<void>;
  const query = async <T>(text: string) => (await client.query<T>(text)).rows;
  const WORKSPACE = '00000000-0000-4000-8000-000000000601';
  const POST = '00000000-0000-4000-8000-000000000611';
  const account = (id: string) =>
    client.exec(`insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
                 values ('${WORKSPACE}', 'u1', 'twitter', '${id}', 'x${id}', 'sealed')`);

  beforeAll(async () => {
    ({ client, remove } = await migratedFrom(
      31,
      `insert into users (id, name, email) values ('u1', 'Ann', 'ann@example.com');
       insert into workspaces (id, name, personal_of) values ('${WORKSPACE}', 'Ann', 'u1');
       insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
         values ('${WORKSPACE}', 'u1', 'twitter', '101', 'ann', 'sealed');
       insert into posts (id, workspace_id, user_id, content_html, status, scheduled_at)
         values ('${POST}', '${WORKSPACE}', 'u1', '<p>Hi</p>', 'scheduled', '2026-12-01T09:00:00Z');
       insert into post_targets (post_id, platform) values ('${POST}', 'twitter');
       insert into recurring_posts (workspace_id, user_id, content_html, platforms, start_at, frequency, timezone)
         values ('${WORKSPACE}', 'u1', '<p>Weekly</p>', '["twitter"]', '2026-12-01T09:00:00Z', 'weekly', 'UTC');`,
    ));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await remove?.();
  });

  it("keeps every account, target and rule, each going to its network's first account", async () => {
    expect(await query(`select username from social_connections`)).toEqual([{ username: 'ann' }]);
    expect(await query(`select platform, account_id from post_targets`)).toEqual([
      { platform: 'twitter', account_id: null },
    ]);
    expect(await query(`select platforms, accounts from recurring_posts`)).toEqual([
      { platforms: ['twitter'], accounts: [] },
    ]);
  });

  it('gives every post and rule of before versions none of their own, their text kept (0034, 0035)', async () => {
    expect(await query(`select content_html, versions from posts`)).toEqual([
      { content_html: '<p>Hi</p>', versions: [] },
    ]);
    expect(await query(`select content_html, versions from recurring_posts`)).toEqual([
      { content_html: '<p>Weekly</p>', versions: [] },
    ]);
  });

  it('takes a second account of a network, never the same one twice', async () => {
    await account('102');
    await expect(account('101')).rejects.toThrow();
    expect(await query(`select count(*)::int as n from social_connections`)).toEqual([{ n: 2 }]);
  });
});

/**
 * Issue 27's migrations 0038–0040 (evergreen posts, short links, a feed's rewrite) on a database as the
 * previous landing (0037) left it: every post, target and feed is kept, none of them evergreen, and each
 * feed goes on posting its template as written.
 */
describe('migrations 0038–0040 (evergreen, short links, feed rewrite) on a database of the previous release', () => {
  let client: PGlite;
  let remove: () => Promise<void>;
  const query = async <T>(text: string) => (await client.query<T>(text)).rows;
  const WORKSPACE = '00000000-0000-4000-8000-000000000701';
  const POST = '00000000-0000-4000-8000-000000000711';

  beforeAll(async () => {
    ({ client, remove } = await migratedFrom(
      37,
      `insert into users (id, name, email) values ('u1', 'Ann', 'ann@example.com');
       insert into workspaces (id, name, personal_of) values ('${WORKSPACE}', 'Ann', 'u1');
       insert into posts (id, workspace_id, user_id, content_html, status, scheduled_at)
         values ('${POST}', '${WORKSPACE}', 'u1', '<p>Tulips https://bloom.example</p>', 'published', '2026-11-01T09:00:00Z');
       insert into post_targets (post_id, platform, status, published_at)
         values ('${POST}', 'bluesky', 'published', '2026-11-01T09:00:01Z');
       insert into feeds (workspace_id, user_id, url, platforms, template, mode)
         values ('${WORKSPACE}', 'u1', 'https://bloom.example/feed.xml', '["bluesky"]', '{{title}} {{link}}', 'queue');`,
    ));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await remove?.();
  });

  it('keeps every post, target and feed; nothing is evergreen, shortened or rewritten', async () => {
    expect(await query(`select content_html, status, evergreen_id, evergreen_round from posts`)).toEqual([
      {
        content_html: '<p>Tulips https://bloom.example</p>',
        status: 'published',
        evergreen_id: null,
        evergreen_round: null,
      },
    ]);
    expect(await query(`select platform, status from post_targets`)).toEqual([
      { platform: 'bluesky', status: 'published' },
    ]);
    expect(await query(`select url, template, mode, rewrite from feeds`)).toEqual([
      {
        url: 'https://bloom.example/feed.xml',
        template: '{{title}} {{link}}',
        mode: 'queue',
        rewrite: false,
      },
    ]);
    expect(await query(`select count(*)::int as n from evergreen_posts`)).toEqual([{ n: 0 }]);
    expect(await query(`select count(*)::int as n from short_links`)).toEqual([{ n: 0 }]);
    expect(await query(`select count(*)::int as n from link_settings`)).toEqual([{ n: 0 }]);
  });

  it('takes an evergreen rule and a short link on the kept post, and drops them with it', async () => {
    await client.exec(`insert into evergreen_posts (workspace_id, post_id, user_id, every_days)
                       values ('${WORKSPACE}', '${POST}', 'u1', 7);
                       insert into short_links (code, workspace_id, post_id, platform, original, url)
                       values ('Abcdefghij', '${WORKSPACE}', '${POST}', 'bluesky', 'https://bloom.example', 'https://bloom.example');`);
    await client.exec(`delete from posts where id = '${POST}'`);
    expect(await query(`select count(*)::int as n from evergreen_posts`)).toEqual([{ n: 0 }]);
    expect(await query(`select count(*)::int as n from short_links`)).toEqual([{ n: 0 }]);
  });
});
