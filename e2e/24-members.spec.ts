import { expect, type Page, test } from '@playwright/test';
import { addUser, ADMIN, expectAccessible, inWorkspace, shootWidths, signInAs } from './helpers';

// Issue 25, step 2: an owner invites a contributor by a link (no mail server here, so the link is shown
// to copy); the contributor makes their account from it although sign-up is closed, and writes in the
// workspace; made a reviewer, they find nothing to write with; removed, they are out at once.
const SHOTS = 'test-results/screenshots/members';
test.use({ locale: 'en-US' });

const OLIVE = { name: 'Olive Owner', email: 'olive@example.com', password: 'olive-password-1' };
const CARL = { name: 'Carl Contributor', email: 'carl@example.com', password: 'carl-password-1' };
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
const inArabic = async (page: Page, arabic: boolean) => {
  await page.evaluate((lang) => localStorage.setItem('postwell.locale', lang), arabic ? 'ar' : 'en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', arabic ? 'rtl' : 'ltr');
};

test('invite a contributor by link, who joins with a new account; a reviewer writes nothing; removed is out', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const origin = new URL(page.url()).origin;
  await addUser(page, OLIVE);

  const ownerContext = await browser.newContext({ locale: 'en-US' });
  const olive = await ownerContext.newPage();
  await signInAs(olive, OLIVE.email, OLIVE.password);
  const made = await olive.request.post('/api/workspaces', {
    headers: { origin },
    data: { name: 'Bright Bakery' },
  });
  const bakery = (await made.json()).id as string;

  // The workspace page lists its members; Invite asks for an address and a role.
  await olive.goto(`/w/${bakery}/workspace`);
  const members = olive.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members.getByText('(you)')).toBeVisible();
  await olive.getByRole('button', { name: 'Invite', exact: true }).click();
  const invite = olive.getByRole('dialog', { name: 'Invite to Bright Bakery' });
  await invite.getByLabel('Email').fill('not an address');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Please enter a valid email address')).toBeVisible();
  await invite.getByLabel('Email').fill(CARL.email);
  await invite.getByLabel('Role').selectOption('contributor');
  await expect(invite.getByText('Writes posts; scheduling asks for approval')).toBeVisible();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const handed = olive.getByRole('dialog', { name: 'Send this link yourself' });
  await expect(handed.getByText(/No mail server is configured \(SMTP_URL\)/)).toBeVisible();
  const link = await handed.getByTestId('invitation-link').inputValue();
  expect(link).toMatch(new RegExp(`^${origin}/invite#[A-Za-z0-9_-]{43}$`));
  await shoot(olive, 'link-en');
  await handed.getByRole('button', { name: 'Done' }).click();
  const waiting = olive.getByRole('list', { name: 'Invitations' });
  await expect(waiting.getByText(CARL.email)).toBeVisible();
  await expectAccessible(olive);

  // Carl, with no account and sign-up closed, opens the link and makes one.
  const carlContext = await browser.newContext({ locale: 'en-US' });
  const carl = await carlContext.newPage();
  await carl.goto(link);
  await expect(carl.getByRole('heading', { name: 'Join Bright Bakery' })).toBeVisible();
  await expect(
    carl.getByText('Olive Owner invites you to the workspace Bright Bakery as Contributor.'),
  ).toBeVisible();
  await expect(carl.getByRole('textbox', { name: 'Email' })).toHaveValue(CARL.email);
  await expectAccessible(carl);
  await shoot(carl, 'accept-en');
  await inArabic(carl, true);
  await expect(carl.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(carl, 'accept-ar');
  await inArabic(carl, false);
  await carl.getByRole('button', { name: 'Create account and join Bright Bakery' }).click();
  await expect(carl.getByText('Name is required')).toBeVisible();
  await carl.getByLabel('Your name').fill(CARL.name);
  await carl.getByLabel('Password', { exact: true }).fill(CARL.password);
  await carl.getByRole('button', { name: 'Create account and join Bright Bakery' }).click();
  await expect(carl.getByText('You joined Bright Bakery.')).toBeVisible();
  await expect(carl).toHaveURL(`${origin}/w/${bakery}/posts`);
  await expect(carl.getByRole('button', { name: /^Workspace: Bright Bakery/ })).toBeVisible();
  await expect(carl.getByTestId('new-post')).toBeVisible();
  // The link made one account: opened again, it says so.
  await carl.goto(link);
  await expect(carl.getByText('This invitation was already used.')).toBeVisible();

  // What Carl writes is the workspace's: Olive sees his draft.
  const draft = await carl.request.post('/api/posts', {
    headers: { origin, 'x-postwell-workspace': bakery },
    data: { content: '<p>Sourdough Saturday</p>', platforms: [], action: 'draft', timezone: 'UTC' },
  });
  expect(draft.status()).toBe(201);
  await olive.goto(`/w/${bakery}/posts?tab=drafts`);
  await expect(olive.getByText('Sourdough Saturday')).toBeVisible();

  // Olive makes him a reviewer: the composer, the drafts' buttons and the days' "+" are gone for him.
  await olive.goto(`/w/${bakery}/workspace`);
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(waiting).toHaveCount(0);
  await members.getByLabel('Role of Carl Contributor').selectOption('reviewer');
  await expect(olive.getByText('Carl Contributor is now Reviewer.')).toBeVisible();
  await expect(olive.getByText('You are its only owner')).toBeVisible();
  await expect(olive.getByRole('button', { name: 'Leave workspace' })).toHaveCount(0);
  await shoot(olive, 'members-en');
  await inArabic(olive, true);
  await expect(olive.getByTestId('member')).toHaveCount(2);
  await shoot(olive, 'members-ar');
  await inArabic(olive, false);

  await carl.goto(`/w/${bakery}/posts?tab=drafts`);
  await expect(carl.getByText('Your role in this workspace lets you read its posts')).toBeVisible();
  await expect(carl.getByTestId('new-post')).toHaveCount(0);
  await expect(carl.locator('#composer')).toHaveCount(0);
  await expect(carl.getByText('Sourdough Saturday')).toBeVisible();
  await expect(carl.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await carl.getByRole('tab', { name: 'Calendar' }).click();
  await expect(carl.getByRole('button', { name: /^Add a post on/ })).toHaveCount(0);
  await shoot(carl, 'reviewer-en');
  // His own page of the workspace: the members, no invitations, and Leave.
  await carl.goto(`/w/${bakery}/workspace`);
  await expect(carl.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
  await expect(carl.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
  await expect(carl.getByRole('button', { name: 'Leave workspace' })).toBeVisible();

  // Removed, Carl is out at his next step; the workspace's address opens his own instead.
  await olive.getByRole('button', { name: 'Remove' }).click();
  await olive
    .getByRole('dialog', { name: 'Remove Carl Contributor?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(olive.getByText('Carl Contributor was removed.')).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await carl.goto(`/w/${bakery}/posts`);
  await expect(carl.getByRole('button', { name: /^Workspace: Personal/ })).toBeVisible();
  await expect(carl).toHaveURL(inWorkspace('/posts'));
  expect(carl.url()).not.toContain(bakery);

  // A withdrawn invitation's link says so.
  await olive.getByRole('button', { name: 'Invite', exact: true }).click();
  await invite.getByLabel('Email').fill('dora@example.com');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const second = await handed.getByTestId('invitation-link').inputValue();
  await handed.getByRole('button', { name: 'Done' }).click();
  await olive.getByRole('button', { name: 'Withdraw the invitation of dora@example.com' }).click();
  await expect(olive.getByText('The invitation of dora@example.com was withdrawn.')).toBeVisible();
  const stranger = await browser.newContext({ locale: 'en-US' });
  const dora = await stranger.newPage();
  await dora.goto(second);
  await expect(dora.getByText('This invitation was withdrawn.')).toBeVisible();
  await stranger.close();
  await carlContext.close();
  await ownerContext.close();
});
