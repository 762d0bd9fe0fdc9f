import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signInAs, inWorkspace } from './helpers';

const person = { name: 'Mary Jackson', email: 'mary.jackson@example.com', password: 'wind-tunnel-1958' };
const NEW_PASSWORD = 'supersonic-1979';
const SHOTS = 'test-results/screenshots/profile';

// The browser is in Los Angeles; the profile will say Tokyo, 16 hours ahead: a post lands on another day.
test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });
// The browser's clock starts at 11 June 2030, 20:00 in Los Angeles, 12 June 12:00 in Tokyo (and runs on,
// unlike a fixed time, which stalls React's Suspense): one month holds every day this test uses.
const NOW = new Date('2030-06-12T03:00:00Z');
// 12 June 08:30 in Los Angeles, 13 June 00:30 in Tokyo.
const POST_AT = '2030-06-12T15:30:00.000Z';

async function openFromMenu(page: Page, item: string) {
  // On a wide screen the menu stays open beside the page (issue 26): its button is for phones.
  const burger = page.getByRole('button', { name: 'Toggle navigation menu' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation').getByRole('link', { name: item, exact: true }).click();
}

/** The composer and calendar are one large lazy chunk, slow to arrive on a busy machine. */
async function openPosts(page: Page, go: () => Promise<unknown>) {
  await go();
  await expect(page.getByRole('grid', { name: 'Content Calendar' })).toBeVisible({ timeout: 15_000 });
}

async function openProfileFromMenu(page: Page) {
  await openFromMenu(page, 'Profile');
  await expect(page).toHaveURL(inWorkspace('/profile'));
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// Colour contrast is left out here: the theme's colours (Mantine's default blue buttons and dimmed grey
// text, ~3.3:1) are a matter of the whole app's theme, not of this page.
async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).disableRules(['color-contrast']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// The second test signs in with the account the first one makes.
test.describe.configure({ mode: 'serial' });

test('a user opens Profile from the menu and changes their name and time zone; the calendar follows', async ({
  page,
}) => {
  await page.clock.setSystemTime(NOW);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const created = await page.request.post('/api/users', {
    data: { displayName: person.name, email: person.email, password: person.password, role: 'user' },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  await signInAs(page, person.email, person.password);
  const draft = await page.request.post('/api/posts', {
    data: {
      content: '<p>Wind tunnel notes</p>',
      platforms: ['bluesky'],
      action: 'draft',
      scheduledAt: POST_AT,
      timezone: 'UTC',
    },
  });
  expect(draft.status()).toBe(201);
  // Before a zone is chosen, the calendar's days are the browser's.
  await openPosts(page, () => page.goto('/posts'));
  await expect(page.locator('[data-date="2030-06-12"]').getByLabel(/^Post at 8:30\sAM$/)).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome, ${person.name}`)).toBeVisible();
  await openProfileFromMenu(page);
  await expect(
    page.getByText("your browser's time zone (America/Los_Angeles)", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^America\/Los Angeles/);

  // An empty name is refused at the field, nothing is saved.
  const name = page.getByRole('textbox', { name: 'Display name' });
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Display name is required')).toBeVisible();

  await name.fill('Mary W. Jackson');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('Tokyo');
  await page.screenshot({ path: `${SHOTS}/zone-search-en-1280.png` });
  await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue('Mary W. Jackson');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo (GMT+09:00)');
  await expect(page.getByText('Posts are scheduled in this time zone')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'profile-en');

  // The calendar now shows Tokyo's days and clock, and a new post starts at 09:00 Tokyo time.
  await openPosts(page, () => openFromMenu(page, 'Posts'));
  await expect(page.locator('[data-date="2030-06-13"]').getByLabel(/^Post at 12:30\sAM$/)).toBeVisible();
  await expect(page.locator('[data-date="2030-06-12"]').getByLabel(/^Post at/)).toHaveCount(0);
  await expect(page.locator('[data-today]')).toHaveAttribute('data-date', '2030-06-12');
  await page.locator('#content-calendar').screenshot({ path: `${SHOTS}/calendar-tokyo-en-1280.png` });
  await page
    .locator('[data-date="2030-06-20"]')
    .getByRole('button', { name: /^Add a post on/ })
    .click();
  await expect(page.getByRole('button', { name: 'Date and time' })).toHaveText(/^Jun 20, 2030, 9:00\sAM$/);

  // Every screen reads the post's time in Tokyo, not in the browser's Los Angeles (issue 26): the drafts
  // list as the calendar.
  await page.goto('/posts?tab=drafts');
  await expect(page.getByText(/Jun 13, 12:30\sAM/).first()).toBeVisible();
  await expect(page.getByText(/Jun 12, 8:30\sAM/)).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByText('Welcome, Mary W. Jackson')).toBeVisible();
});

test('a user changes their password: other sessions end, this one stays, the new password signs in', async ({
  page,
  browser,
}) => {
  // The same user in another browser: changing the password signs it out.
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await signInAs(otherPage, person.email, person.password);
  await signInAs(page, person.email, person.password);

  // A wrong current password is said at its field, then the change itself.
  await openProfileFromMenu(page);
  await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm the new password').fill('something-else-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await expect(page.getByText('Your password was not changed.')).toBeVisible();

  await page.getByLabel('Current password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password was changed. Your other sessions were signed out.'),
  ).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('');

  // This browser is still signed in; the other one is not.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue('Mary W. Jackson');
  await otherPage.goto('/dashboard');
  await expect(otherPage).toHaveURL('/login?redirect=/dashboard');
  await elsewhere.close();

  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الملف الشخصي', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'profile-ar');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'إظهار قائمة التنقل أو إخفاؤها' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'الملف الشخصي' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/menu-ar-390.png` });
  await page.getByLabel('اللغة').selectOption('en');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Signed out, the old password no longer opens the account; the new one does.
  await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await signInAs(page, person.email, NEW_PASSWORD);
});
