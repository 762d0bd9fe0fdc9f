import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportMediaZip, ImportPreview, ImportState } from '../../shared/api/imports.schemas';
import type { Post } from '../../shared/api/posts.schemas';
import { multipart } from '../../../test/multipart';
import { makeZip } from '../../../test/zip';
import { type Call, callAs, makeImage, uploadMedia, waitFor } from '../../../test/publishing-helpers';
import { createTestApp, signedInUsers, teamWorkspace, type TestApp } from '../../../test/test-app';

/**
 * Issue 27: bulk import. The app's clock is fixed at Monday 2027-03-22 08:00 in Berlin; ann has two X
 * accounts (brand, with a queue on weekdays at 09:00 and 15:00, and shop) and a Bluesky account.
 */
let now = new Date('2027-03-22T07:00:00Z');

describe('bulk import', () => {
  let t: TestApp;
  let cookies: Record<'ann' | 'bob', string>;
  let ann: Call;

  const connect = async (platform: string, accountId: string, username: string) => {
    await t.ctx.database.executeSql(
      `insert into social_connections (workspace_id, user_id, platform, account_id, username, credentials)
       select (select w.id from workspaces w where w.personal_of = users.id), id, $1, $2, $3, 'sealed'
         from users where email = 'ann@example.com'`,
      [platform, accountId, username],
    );
    await t.ctx.changes.sync();
  };

  beforeAll(async () => {
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '1000' }, { clock: () => now });
    cookies = await signedInUsers(t, 'ann', 'bob');
    ann = callAs(t, cookies.ann);
    const profile = await ann('PUT', '/api/users/profile', { displayName: 'Ann', timeZone: 'Europe/Berlin' });
    expect(profile.statusCode, profile.body).toBe(200);
    await connect('twitter', '101', 'bloom_brand');
    await connect('twitter', '102', 'bloom_shop');
    await connect('bluesky', 'did:plc:bloom', 'bloom.bsky.social');
    const accounts = (await ann('GET', '/api/social/accounts')).json<{
      data: { id: string; username: string }[];
    }>().data;
    const brand = accounts.find((a) => a.username === 'bloom_brand')!;
    const times = [0, 1, 2, 3, 4].flatMap((day) => [
      { day, time: '09:00' },
      { day, time: '15:00' },
    ]);
    const saved = await ann('PUT', `/api/social/accounts/${brand.id}/schedule`, {
      timezone: 'Europe/Berlin',
      times,
      paused: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await uploadMedia(t, cookies.ann, 'image', 'tulips.png', await makeImage('png', 3));
  });
  afterAll(() => t.close());

  const upload = (name: string, content: Buffer | string, cookie = cookies.ann) => {
    const body = multipart(name, Buffer.isBuffer(content) ? content : Buffer.from(content));
    return t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const preview = async (name: string, content: Buffer | string) => {
    const res = await upload(name, content);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ImportPreview>();
  };
  const problemsOf = (p: ImportPreview) =>
    Object.fromEntries(p.rows.map((r) => [r.row, r.problems.map((x) => `${x.column}: ${x.code}`)]));
  const settled = (id: string) =>
    waitFor(async () => {
      const state = (await ann('GET', `/api/imports/${id}`)).json<ImportState>();
      return state.status === 'done' || state.status === 'failed' ? state : undefined;
    });
  const postsOf = async () =>
    (
      await t.ctx.database.executeSql(
        `select p.content_html, p.status, p.scheduled_at, t.account_id
           from posts p join post_targets t on t.post_id = p.id order by p.scheduled_at, p.content_html`,
      )
    ).rows as {
      content_html: string;
      status: string;
      scheduled_at: Date | null;
      account_id: string | null;
    }[];

  const GOOD = [
    'text,networks,accounts,date,time,timezone,status,media,text_x',
    'Spring is here,bluesky,,2027-03-25,10:30,,,tulips.png,',
    '"A post on two lines,\nwith a comma",x,bloom_shop,2027-03-26,09:00,UTC,scheduled,,Spring on X',
    'Into the queue,,@bloom_brand,,,,,,',
    'Into the queue again,x,x:bloom_brand,,,,queue,,',
    'A draft for later,bluesky,,,,,draft,,',
  ].join('\n');

  it('previews every row as it will be posted, then imports the chosen ones all at once', async () => {
    const p = await preview('posts.csv', GOOD);
    expect(p.format).toBe('csv');
    expect(problemsOf(p)).toEqual({ 1: [], 2: [], 3: [], 4: [], 5: [] });
    expect(p.ready).toBe(5);
    expect(p.rows[0]).toMatchObject({
      row: 1,
      line: 2,
      text: 'Spring is here',
      status: 'scheduled',
      // 10:30 in the author's zone (Berlin, UTC+1 that week).
      scheduledAt: '2027-03-25T09:30:00.000Z',
      timezone: 'Europe/Berlin',
      targets: [{ platform: 'bluesky', account: 'bloom.bsky.social' }],
      media: [{ name: 'tulips.png', kind: 'image' }],
      imported: false,
    });
    // A quoted cell across lines is one cell; the next row starts on the line after it.
    expect(p.rows[1]).toMatchObject({
      line: 3,
      text: 'A post on two lines,\nwith a comma',
      targets: [{ platform: 'twitter', account: 'bloom_shop' }],
      versions: [{ platform: 'twitter', text: 'Spring on X' }],
    });
    expect(p.rows[2]).toMatchObject({ line: 5, status: 'queue', scheduledAt: null });

    const started = await ann('POST', `/api/imports/${p.id}/confirm`, { rows: [1, 2, 3, 4] });
    expect(started.statusCode, started.body).toBe(202);
    const state = await settled(p.id);
    expect(state).toMatchObject({ status: 'done', chosen: 4, imported: 4, progress: 4, error: null });

    const posts = await postsOf();
    expect(posts.map((x) => [x.content_html, x.status, x.scheduled_at?.toISOString(), x.account_id])).toEqual(
      [
        // The queue's first free slots, in the file's order: today at 09:00 and 15:00 (Berlin).
        ['<p>Into the queue</p>', 'scheduled', '2027-03-22T08:00:00.000Z', '101'],
        ['<p>Into the queue again</p>', 'scheduled', '2027-03-22T14:00:00.000Z', '101'],
        ['<p>Spring is here</p>', 'scheduled', '2027-03-25T09:30:00.000Z', null],
        ['<p>A post on two lines,</p><p>with a comma</p>', 'scheduled', '2027-03-26T09:00:00.000Z', '102'],
      ],
    );
    const range = await ann('GET', '/api/posts?from=2027-03-20T00:00:00Z&to=2027-03-30T00:00:00Z');
    expect(range.json<{ data: Post[] }>().data).toHaveLength(4);
  });

  it('adds nothing when the same file comes again: its rows are marked imported', async () => {
    const again = await preview('posts-copy.csv', GOOD);
    expect(again.rows.map((r) => r.imported)).toEqual([true, true, true, true, false]);
    expect(again.ready).toBe(1);
    const refused = await ann('POST', `/api/imports/${again.id}/confirm`, { rows: [1, 5] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_ROWS_NOT_READY', params: { rows: '1' } });
    expect((await ann('POST', `/api/imports/${again.id}/confirm`, { rows: [5] })).statusCode).toBe(202);
    expect(await settled(again.id)).toMatchObject({ status: 'done', imported: 1 });
    // Confirmed once only.
    const twice = await ann('POST', `/api/imports/${again.id}/confirm`, { rows: [5] });
    expect(twice.json()).toMatchObject({ code: 'IMPORT_ALREADY_CONFIRMED' });
    expect(await postsOf()).toHaveLength(5);
  });

  it('names each problem by row and column', async () => {
    const p = await preview(
      'problems.csv',
      [
        'Text,Networks,Accounts,Date,Time,Status,Media',
        `${'x'.repeat(300)},x,,2027-04-01,09:00,,`,
        'Hello,x,@nobody,2027-04-01,09:00,,',
        'Yesterday,bluesky,,2027-03-21,09:00,,',
        'Missing file,bluesky,,2027-04-01,09:00,,missing.png',
        'Same row,bluesky,,2027-04-01,10:00,,',
        'Same row,bluesky,,2027-04-01,10:00,,',
        '=HYPERLINK("http://example.com"),bluesky,,2027-04-01,09:00,,',
        'Bad date,myspace,,2027-02-30,25:00,,',
        'Bad status,bluesky,,2027-04-01,09:00,later,',
        'Queue without one,bluesky,,,,,',
      ].join('\r\n'),
    );
    const problems = problemsOf(p);
    expect(problems[1]).toEqual(['text: rule']);
    expect(p.rows[0]!.problems[0]!.params).toMatchObject({ platform: 'twitter', code: 'too_long', max: 280 });
    expect(problems[2]).toEqual(['accounts: imports.problems.unknownAccount']);
    expect(problems[3]).toEqual(['date: posts.scheduledAtPast']);
    expect(problems[4]).toEqual(['media: imports.problems.unknownMedia']);
    expect(problems[5]).toEqual([]);
    expect(problems[6]).toEqual([': imports.problems.duplicate']);
    expect(p.rows[5]!.problems[0]!.params).toEqual({ row: 5 });
    expect(problems[7]).toEqual(['text: imports.problems.formula']);
    expect(problems[8]).toEqual([
      'networks: imports.problems.unknownNetwork',
      'date: imports.problems.badDate',
      'time: imports.problems.badTime',
    ]);
    expect(problems[9]).toEqual(['status: imports.problems.badStatus']);
    expect(problems[10]).toEqual(['accounts: imports.problems.noQueue']);
    expect(p.ready).toBe(1);
  });

  it('reads UTF-8 with a byte order mark, UTF-16, semicolons and JSON alike', async () => {
    const csv = 'text;networks;date;time\nÉté 🌻;bluesky;2027-04-02;09:00\n';
    const bom = await preview('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]));
    expect(bom.rows[0]).toMatchObject({ text: 'Été 🌻', problems: [] });
    const utf16 = await preview(
      'utf16.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]),
    );
    expect(utf16.rows[0]).toMatchObject({ text: 'Été 🌻', problems: [] });
    const json = await preview(
      'posts.json',
      JSON.stringify([{ text: 'From JSON', networks: ['bluesky'], date: '2027-04-02', time: '11:00' }]),
    );
    expect(json).toMatchObject({ format: 'json', ready: 1 });
    expect(json.rows[0]).toMatchObject({ line: null, scheduledAt: '2027-04-02T09:00:00.000Z' });
  });

  it('refuses a file it cannot read as a whole, saying why, and keeps nothing', async () => {
    const before = (await t.ctx.database.executeSql('select count(*)::int as n from imports')).rows[0];
    const cases: [string, Buffer | string, number, string][] = [
      ['latin1.csv', Buffer.from('text,networks\nCaf\xe9,bluesky\n', 'latin1'), 400, 'IMPORT_ENCODING'],
      ['photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0xff, 0x00]), 400, 'IMPORT_NOT_TEXT'],
      ['big.csv', `text,networks\n${'a,bluesky\n'.repeat(1_100_000)}`, 413, 'IMPORT_TOO_LARGE'],
      ['many.csv', `text,networks\n${'a,bluesky\n'.repeat(10_001)}`, 400, 'IMPORT_TOO_MANY_ROWS'],
      ['hundred-k.csv', `text,networks\n${'a,x\n'.repeat(100_000)}`, 400, 'IMPORT_TOO_MANY_ROWS'],
      ['open.csv', 'text,networks\n"never closed,bluesky\nnext,x\n', 400, 'IMPORT_QUOTE_OPEN'],
      ['cells.csv', 'text,networks\na,bluesky,extra\n', 400, 'IMPORT_CELL_COUNT'],
      ['columns.csv', 'text,networks,labels\na,bluesky,x\n', 400, 'IMPORT_COLUMNS'],
      ['notext.csv', 'networks,date\nbluesky,2027-04-01\n', 400, 'IMPORT_NO_TEXT_COLUMN'],
      ['empty.csv', 'text,networks\n', 400, 'IMPORT_EMPTY'],
      ['list.json', '{"text": "not a list"}', 400, 'IMPORT_JSON'],
      ['broken.json', '[{"text": ', 400, 'IMPORT_JSON'],
    ];
    for (const [name, content, status, code] of cases) {
      const res = await upload(name, content);
      expect([name, res.statusCode, res.json().code]).toEqual([name, status, code]);
    }
    expect((await upload('columns.csv', 'text,networks,labels\na,bluesky,x\n')).json().params).toMatchObject({
      columns: 'labels',
    });
    const after = (await t.ctx.database.executeSql('select count(*)::int as n from imports')).rows[0];
    expect(after).toEqual(before);
  });

  it('writes all chosen rows or none: a row refused while writing undoes the rows before it', async () => {
    const file =
      'text,networks,accounts,date,time\nFirst of two,bluesky,,2027-05-01,09:00\nSecond of two,,bloom_brand,,\n';
    const p = await preview('later.csv', file);
    expect(p.ready).toBe(2);
    // Between preview and confirmation the brand's queue loses its times: the second row has no slot.
    await t.ctx.database.executeSql(`update posting_schedules set times = '[]'`);
    const count = (await postsOf()).length;
    expect((await ann('POST', `/api/imports/${p.id}/confirm`, { rows: [1, 2] })).statusCode).toBe(202);
    const state = await settled(p.id);
    expect(state).toMatchObject({ status: 'failed', imported: 0 });
    expect(state.error).toMatchObject({
      code: 'IMPORT_ROW_REFUSED',
      params: { row: 2, reason: 'NO_POSTING_SCHEDULE' },
    });
    expect(await postsOf()).toHaveLength(count);
    // Nothing of it counts as imported: the same rows may come again.
    await t.ctx.database.executeSql(
      `update posting_schedules set times = '[{"day":0,"time":"09:00"},{"day":1,"time":"09:00"}]'`,
    );
    const again = await preview('later.csv', file);
    expect(again.ready).toBe(2);
    expect((await ann('POST', `/api/imports/${again.id}/confirm`, { rows: [1, 2] })).statusCode).toBe(202);
    expect(await settled(again.id)).toMatchObject({ status: 'done', imported: 2 });
  });

  it("keeps each user's imports to themselves", async () => {
    const p = await preview('mine.csv', 'text,networks\nMine,bluesky\n');
    const bob = callAs(t, cookies.bob);
    expect((await bob('GET', `/api/imports/${p.id}`)).statusCode).toBe(404);
    expect((await bob('POST', `/api/imports/${p.id}/confirm`, { rows: [1] })).statusCode).toBe(404);
    expect((await ann('POST', `/api/imports/${p.id}/confirm`, { rows: [] })).json().fields).toHaveProperty(
      'rows',
    );
  });

  it("lets go of a user's previews never confirmed, keeping the latest ten", async () => {
    const start = now;
    const first = await preview('first.csv', 'text,networks\nFirst preview,bluesky\n');
    for (let i = 0; i < 10; i++) {
      now = new Date(now.getTime() + 1000);
      await preview(`again-${i}.csv`, `text,networks\nPreview ${i},bluesky\n`);
    }
    now = start;
    expect((await ann('GET', `/api/imports/${first.id}`)).statusCode).toBe(404);
    const { rows } = await t.ctx.database.executeSql(
      `select count(*)::int as n from imports i join users u on u.id = i.user_id
        where u.email = 'ann@example.com' and i.status = 'previewed'`,
    );
    expect(rows[0]).toEqual({ n: 10 });
  });

  it("imports a contributor's rows as posts awaiting approval, each with its request on its history", async () => {
    const { cookies: team, workspace } = await teamWorkspace(t, 'Bloom team', 'owen', {
      cara: 'contributor',
    });
    await t.ctx.database.executeSql(`update workspaces set approval_required = true where id = $1`, [
      workspace,
    ]);
    await t.ctx.changes.sync();
    const body = multipart(
      'team.csv',
      Buffer.from('text,networks,date,time\nFor review,bluesky,2027-04-01,09:00\n'),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { cookie: team.cara, 'x-postwell-workspace': workspace, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<ImportPreview>().id;
    const cara = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: team.cara, 'x-postwell-workspace': workspace },
        payload,
      });
    expect((await cara('POST', `/api/imports/${id}/confirm`, { rows: [1] })).statusCode).toBe(202);
    await waitFor(async () =>
      (await cara('GET', `/api/imports/${id}`)).json<ImportState>().status === 'done' ? true : undefined,
    );
    const { rows } = await t.ctx.database.executeSql(
      `select p.status, e.kind from posts p join post_events e on e.post_id = p.id where p.workspace_id = $1`,
      [workspace],
    );
    expect(rows).toEqual([{ status: 'awaiting_approval', kind: 'approval_requested' }]);
  });

  it('offers a template with one example row per network, which reads back', async () => {
    const csv = await ann('GET', '/api/imports/template?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('postwell-import.csv');
    const p = await preview('postwell-import.csv', csv.rawPayload);
    expect(p.rows.map((r) => r.targets.map((x) => x.platform).join())).toEqual([
      'twitter',
      'bluesky',
      'facebook',
      'instagram',
      'linkedin',
      'tiktok',
    ]);
    const json = await ann('GET', '/api/imports/template?format=json');
    expect((await preview('postwell-import.json', json.rawPayload)).rows).toHaveLength(6);
  });

  it('takes a zip of media into the library, where the rows find its files by name', async () => {
    const zipUpload = (name: string, content: Buffer) => {
      const body = multipart(name, content);
      return t.app.inject({
        method: 'POST',
        url: '/api/imports/media',
        headers: { cookie: cookies.ann, ...body.headers },
        payload: body.payload,
      });
    };
    const roses = await makeImage('png', 7);
    const zip = makeZip([
      { name: 'spring/roses.png', bytes: roses },
      { name: '__MACOSX/spring/._roses.png', bytes: Buffer.from('resource fork') },
      { name: 'notes.txt', bytes: Buffer.from('not media') },
      { name: 'fake.png', bytes: Buffer.from('not a png at all') },
      // Six megabytes in a few kilobytes: refused on the size the zip declares, before a byte is inflated.
      { name: 'bomb.png', bytes: Buffer.alloc(6 * 1024 * 1024), deflate: true },
    ]);
    const res = await zipUpload('media.zip', zip);
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json<ImportMediaZip>().files;
    expect(files.map((f) => [f.name, f.media?.name ?? f.error?.code])).toEqual([
      ['roses.png', 'roses.png'],
      ['notes.txt', 'MEDIA_TYPE'],
      ['fake.png', 'MEDIA_TYPE'],
      ['bomb.png', 'MEDIA_TOO_LARGE'],
    ]);
    const p = await preview(
      'with-media.csv',
      'text,networks,date,time,media\nRoses at last,bluesky,2027-03-24,10:00,roses.png\n',
    );
    expect(problemsOf(p)).toEqual({ 1: [] });
    expect(p.rows[0]!.media).toMatchObject([{ name: 'roses.png' }]);

    const notZip = await zipUpload('media.zip', Buffer.from('PK? no, plain text'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toMatchObject({ code: 'IMPORT_ZIP_NOT_ZIP' });
  });
});
