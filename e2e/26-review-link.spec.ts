import { expect, type Page, test } from '@playwright/test';
import { ADMIN, shootWidths, signInAs } from './helpers';

// Issue 25, step 6: a client review link. A member makes one for the week; the client, without an
// account, approves one post and asks for changes to another; the link is withdrawn and says so.
const SHOTS = 'test-results/screenshots/review-link';
test.use({ locale: 'en-US' });
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test('a client reviews the week through a link, without an account; a withdrawn link says so', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const origin = new URL(page.url()).origin;
  const client = (
    await (
      await page.request.post('/api/workspaces', { headers: { origin }, data: { name: 'Bloom Florist' } })
    ).json()
  ).id as string;
  const write = async (content: string, inHours: number) => {
    const res = await page.request.post('/api/posts', {
      headers: { origin, 'x-postwell-workspace': client },
      data: {
        content: `<p>${content}</p>`,
        platforms: ['bluesky', 'linkedin'],
        action: 'schedule',
        scheduledAt: new Date(Date.now() + inHours * 3600_000).toISOString(),
        timezone: 'Europe/Paris',
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };
  const tulips = await write('Tulips are in! Twenty colours this week, https://bloom.example/tulips', 30);
  const hours = await write('We open at 8 on Saturday for Mother’s Day orders.', 54);

  // The member makes a link for the coming week from the post manager.
  await page.goto(`/w/${client}/posts`);
  await page.getByRole('button', { name: 'Share for review' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Make a review link' });
  await dialog.getByLabel('Name').fill('Mother’s Day week');
  await dialog.getByRole('button', { name: 'Make the link' }).click();
  const ready = page.getByRole('dialog', { name: 'Review link ready' });
  await expect(ready.getByText(/Anyone with this link can see 2 posts/)).toBeVisible();
  const link = await ready.getByTestId('review-link').inputValue();
  expect(link).toMatch(/\/review#[A-Za-z0-9_-]{43}$/);
  await ready.getByRole('button', { name: 'Done' }).click();

  // The client opens it with no account: the page cannot be framed, and shows each network's look.
  const guestContext = await browser.newContext({ locale: 'en-US' });
  const guest = await guestContext.newPage();
  const response = await guest.goto(link);
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(
    guest.getByRole('heading', { name: 'Posts for your review from Bloom Florist' }),
  ).toBeVisible();
  await expect(guest.getByText('Mother’s Day week')).toBeVisible();
  const cards = guest.getByRole('article');
  await expect(cards).toHaveCount(2);
  const first = cards.filter({ hasText: 'Tulips are in!' });
  await expect(first.getByRole('region', { name: 'LinkedIn' }).getByText(/Tulips are in!/)).toBeVisible();
  await expect(first.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await guest.getByLabel('Your name').fill('Flora from Bloom');
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(guest.getByText('Reviewing as Flora from Bloom')).toBeVisible();
  await shoot(guest, 'page-en');

  await first.getByRole('button', { name: 'Approve' }).click();
  await expect(first.getByText(/^Approved by Flora from Bloom/)).toBeVisible();
  const second = cards.filter({ hasText: 'We open at 8' });
  await second.getByRole('button', { name: 'Request changes' }).click();
  await second.getByLabel('What should change?').fill('Say 7:30, we open earlier that day.');
  await second.getByRole('button', { name: 'Send the request' }).click();
  await expect(second.getByText(/^Changes requested by Flora from Bloom/)).toBeVisible();
  await expect(second.getByText('Say 7:30, we open earlier that day.')).toBeVisible();
  await shoot(guest, 'decided-en');

  // The team sees it: the changed post is a draft with the request, the history names the client.
  const read = async (id: string) =>
    (await page.request.get(`/api/posts/${id}`, { headers: { 'x-postwell-workspace': client } })).json();
  expect((await read(tulips)).status).toBe('scheduled');
  expect(await read(hours)).toMatchObject({
    status: 'draft',
    reviewNote: 'Say 7:30, we open earlier that day.',
  });
  const history = await (
    await page.request.get(`/api/posts/${hours}/history`, { headers: { 'x-postwell-workspace': client } })
  ).json();
  expect(history.data.at(-1)).toMatchObject({
    kind: 'changes_requested',
    actor: 'Flora from Bloom',
    guest: true,
    reason: 'Say 7:30, we open earlier that day.',
  });

  // The link's maker is told on the dashboard, and reads the request in the post's thread.
  await page.goto(`/w/${client}/dashboard`);
  const mentions = page.getByRole('region', { name: 'Mentions' });
  await expect(mentions.getByText('Flora from Bloom commented through a review link')).toBeVisible();
  await mentions.getByRole('button', { name: 'Open' }).click();
  const details = page.getByRole('dialog', { name: 'Post details' });
  await expect(details.getByText('Flora from Bloom asked for changes through a review link')).toBeVisible();
  await expect(details.getByText('via review link')).toBeVisible();
  await shoot(page, 'team-en');
  await details.getByRole('button', { name: 'Close' }).last().click();

  // In Arabic the page reads right to left.
  await guest.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await guest.reload();
  await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(guest.getByRole('article')).toHaveCount(2);
  await shoot(guest, 'page-ar');

  // Withdrawn on the workspace page, the link says so.
  await page.goto(`/w/${client}/workspace`);
  const card = page.getByRole('region', { name: 'Client review links' });
  await expect(card.getByText('Mother’s Day week')).toBeVisible();
  await shoot(page, 'links-en');
  await card.getByRole('button', { name: 'Withdraw Mother’s Day week' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw this review link?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(card.getByText('Withdrawn')).toBeVisible();
  await guest.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
  await guest.reload();
  await expect(guest.getByText('This review link was withdrawn by the team that made it.')).toBeVisible();
  await shoot(guest, 'withdrawn-en');
  await guestContext.close();
});
