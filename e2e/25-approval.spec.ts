import { expect, type Page, test } from '@playwright/test';
import { addUser, ADMIN, newPost, shootWidths, signInAs } from './helpers';

// Issue 25, step 4: with approval on, a contributor's post waits; a reviewer approves it from the
// dashboard; a post nobody approved by its time is not published and says so.
const SHOTS = 'test-results/screenshots/approval';
test.use({ locale: 'en-US' });

const PETRA = { name: 'Petra Owner', email: 'petra@example.com', password: 'petra-password-1' };
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test('a contributor’s post waits; a reviewer approves it from the dashboard; one not approved in time says so', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const origin = new URL(page.url()).origin;
  await addUser(page, PETRA);

  const ownerContext = await browser.newContext({ locale: 'en-US' });
  const petra = await ownerContext.newPage();
  await signInAs(petra, PETRA.email, PETRA.password);
  const cafe = (
    await (
      await petra.request.post('/api/workspaces', { headers: { origin }, data: { name: 'Harbor Cafe' } })
    ).json()
  ).id as string;

  // The owner turns approval on in the workspace's settings.
  await petra.goto(`/w/${cafe}/workspace`);
  await petra.getByRole('switch', { name: 'Ask for approval' }).check({ force: true });
  await petra.getByRole('button', { name: 'Save' }).click();
  await expect(petra.getByText('Workspace saved.')).toBeVisible();
  await shoot(petra, 'settings-en');

  // A contributor and a reviewer join by invitation, each making their account.
  const join = async (email: string, name: string, role: string) => {
    const made = await petra.request.post(`/api/workspaces/${cafe}/invitations`, {
      headers: { origin },
      data: { email, role },
    });
    const token = ((await made.json()).link as string).split('#')[1]!;
    const context = await browser.newContext({ locale: 'en-US' });
    const accepted = await context.request.post(`/api/invitations/${token}/accept`, {
      headers: { origin },
      data: { name, password: `${name.toLowerCase()}-password-1` },
    });
    expect(accepted.status()).toBe(201);
    const member = await context.newPage();
    await member.goto(`/w/${cafe}/dashboard`);
    await expect(member.getByRole('button', { name: /^Workspace: Harbor Cafe/ })).toBeVisible();
    return { context, page: member };
  };
  const cora = await join('cora@example.com', 'Cora', 'contributor');
  const remy = await join('remy@example.com', 'Remy', 'reviewer');

  // Cora's composer says that scheduling asks first; her post waits.
  await cora.page.goto(`/w/${cafe}/posts`);
  await newPost(cora.page);
  await expect(
    cora.page.getByText('In this workspace, Schedule Post and Post now ask for an approval first.'),
  ).toBeVisible();
  const write = (content: string, inMs: number) =>
    cora.page.request.post('/api/posts', {
      headers: { origin, 'x-postwell-workspace': cafe },
      data: {
        content: `<p>${content}</p>`,
        platforms: ['bluesky'],
        action: 'schedule',
        scheduledAt: new Date(Date.now() + inMs).toISOString(),
        timezone: 'UTC',
      },
    });
  const waiting = await write('Oat flat white week', 2 * 24 * 3600_000);
  expect((await waiting.json()).status).toBe('awaiting_approval');

  // Remy approves it from his dashboard.
  await remy.page.goto(`/w/${cafe}/dashboard`);
  const card = remy.page.getByRole('region', { name: 'Waiting for your approval' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Oat flat white week')).toBeVisible();
  await expect(remy.page.getByRole('link', { name: 'Write a post' })).toHaveCount(0);
  await shoot(remy.page, 'dashboard-en');
  await card.getByRole('button', { name: 'Review' }).click();
  const details = remy.page.getByRole('dialog', { name: 'Post details' });
  await expect(details.getByText('Waiting for approval')).toBeVisible();
  await expect(details.getByText(/^Cora asked for approval, for/)).toBeVisible();
  // He asks Cora something first: typing @ offers the members; the comment tells her.
  const box = details.getByRole('textbox', { name: 'Your comment' });
  await box.pressSequentially('Nice one @Co');
  await remy.page.getByRole('option', { name: 'Cora' }).click();
  await box.pressSequentially('is the oat milk in stock all week?');
  await details.getByRole('button', { name: 'Comment' }).click();
  const said = details.getByRole('listitem').filter({ hasText: 'is the oat milk in stock all week?' });
  await expect(said).toBeVisible();
  await expect(said.getByText('@Cora', { exact: true })).toBeVisible();
  await shoot(remy.page, 'review-en');
  await details.getByRole('button', { name: 'Approve' }).click();
  await expect(remy.page.getByText('Post approved: it is scheduled.')).toBeVisible();
  await expect(card.getByText('Nothing waits for your approval.')).toBeVisible();
  const approved = await cora.page.request.get(`/api/posts/${(await waiting.json()).id}`, {
    headers: { 'x-postwell-workspace': cafe },
  });
  expect((await approved.json()).status).toBe('scheduled');

  // Cora finds the mention on her dashboard, and the thread in the post's details.
  await cora.page.goto(`/w/${cafe}/dashboard`);
  const mentions = cora.page.getByRole('region', { name: 'Mentions' });
  await expect(mentions.getByText('Remy mentioned you on a post')).toBeVisible();
  await shoot(cora.page, 'mentions-en');
  await mentions.getByRole('button', { name: 'Open' }).click();
  const opened = cora.page.getByRole('dialog', { name: 'Post details' });
  await expect(opened.getByText('is the oat milk in stock all week?')).toBeVisible();
  await opened.getByRole('textbox', { name: 'Your comment' }).fill('Yes, all week.');
  await opened.getByRole('button', { name: 'Comment' }).click();
  await expect(opened.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  await opened.getByRole('button', { name: 'Close' }).last().click();
  await expect(mentions.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);

  // A post nobody approves by its time is not published: it says so on the calendar.
  const late = await write('Closing early today', 15_000);
  expect((await late.json()).status).toBe('awaiting_approval');
  await expect
    .poll(
      async () =>
        (
          await (
            await cora.page.request.get(`/api/posts/${(await late.json()).id}`, {
              headers: { 'x-postwell-workspace': cafe },
            })
          ).json()
        ).status,
      { timeout: 40_000 },
    )
    .toBe('not_approved');
  await cora.page.goto(`/w/${cafe}/posts`);
  await expect(cora.page.getByText('not approved in time').first()).toBeVisible();
  await cora.page.getByText('Closing early today').click();
  await expect(
    cora.page.getByRole('dialog', { name: 'Post details' }).getByText('Nobody approved it by its time'),
  ).toBeVisible();
  await shoot(cora.page, 'not-approved-en');

  // Cora's recurring post waits until Remy approves it once, from the recurring posts.
  const rule = await cora.page.request.post('/api/recurring-posts', {
    headers: { origin, 'x-postwell-workspace': cafe },
    data: {
      content: '<p>Soup of the day, every weekday</p>',
      platforms: ['bluesky'],
      startDate: new Date(Date.now() + 3600_000).toISOString(),
      frequency: 'daily',
      timezone: 'UTC',
    },
  });
  expect((await rule.json()).approvalStatus).toBe('awaiting_approval');
  await remy.page.goto(`/w/${cafe}/posts?view=recurring`);
  const item = remy.page.getByRole('listitem').filter({ hasText: 'Soup of the day, every weekday' });
  await expect(item.getByText('Makes no posts until it is approved')).toBeVisible();
  await shoot(remy.page, 'rule-en');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(
    remy.page.getByText('Recurring post approved: its posts go out at their times.'),
  ).toBeVisible();
  await expect(item.getByText(/^Next Post:/)).toBeVisible();

  // In Arabic, the reviewer's dashboard reads right to left.
  await remy.page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await remy.page.goto(`/w/${cafe}/dashboard`);
  await expect(remy.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(remy.page.locator('section[aria-labelledby="dashboard-awaiting"]')).toBeVisible();
  await shoot(remy.page, 'dashboard-ar');

  await cora.context.close();
  await remy.context.close();
  await ownerContext.close();
});
