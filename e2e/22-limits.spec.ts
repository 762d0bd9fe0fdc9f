import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { addUser, ADMIN, expectAccessible, inWorkspace, newPost, shootWidths, signInAs } from './helpers';

// Issue 23, "Limits and trust": a stranger's wrong passwords lock strangers out, not the owner's browser;
// an administrator sees the lock and opens it; the Profile page shows the storage a user's files take and
// offers to revoke API tokens with a password change.
const SHOTS = 'test-results/screenshots/limits';
const LENA = { name: 'Lena Meyer', email: 'lena@example.com', password: 'trusted-browser-1' };
test.use({ locale: 'en-US' });

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

async function tryPassword(browser: Browser, password: string, page?: Page) {
  const own = page ?? (await (await browser.newContext({ locale: 'en-US' })).newPage());
  await own.goto('/login');
  await own.getByLabel('Email').fill(LENA.email);
  await own.getByLabel('Password', { exact: true }).fill(password);
  await own.getByRole('button', { name: 'Login', exact: true }).click();
  return own;
}

test("a stranger's guesses lock strangers out, the owner signs in, an admin unlocks; the Profile shows storage", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const origin = new URL(page.url()).origin;
  await addUser(page, LENA);

  // Lena signs in once in her own browser, which keeps its device cookie, and uploads a photo.
  const lenaContext = await browser.newContext({ locale: 'en-US' });
  const lena = await tryPassword(browser, LENA.password, await lenaContext.newPage());
  await expect(lena).toHaveURL(inWorkspace('/dashboard'));
  const photo = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
    .png()
    .toBuffer();
  const uploaded = await lena.request.post('/api/media?kind=image', {
    headers: { origin },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  const out = await lena.request.post('/api/auth/sign-out', { headers: { origin }, data: {} });
  expect(out.status()).toBe(200);

  // A stranger guesses five times: the account is locked for every browser it never signed in from.
  const stranger = await tryPassword(browser, 'guess-0');
  for (let i = 1; i < 5; i++) {
    await expect(stranger.getByText('Invalid email or password. Please try again.')).toBeVisible();
    await tryPassword(browser, `guess-${i}`, stranger);
  }
  await tryPassword(browser, LENA.password, stranger);
  await expect(
    stranger.getByText('Too many failed sign-in attempts for this account. Try again in 15 minutes.'),
  ).toBeVisible();

  // Lena's own browser is judged on its own failures: none.
  await tryPassword(browser, LENA.password, lena);
  await expect(lena).toHaveURL(inWorkspace('/dashboard'));

  // Her Profile: the storage her photo and its thumbnail take, and the password form's token choice.
  await lena.goto('/profile');
  const storage = lena.getByRole('heading', { name: 'Media storage' });
  await expect(storage).toBeVisible();
  await expect(lena.getByText(/^\d+(\.\d)? kB of 2 GB used$/)).toBeVisible();
  await expect(lena.getByRole('checkbox', { name: 'Also revoke my API tokens' })).not.toBeChecked();
  await expect(lena.getByText('API tokens keep working after a password change')).toBeVisible();
  await expectAccessible(lena);
  await shoot(lena, 'profile-en');
  await lena.getByLabel('Language').selectOption('ar');
  await expect(lena.getByRole('heading', { name: 'مساحة تخزين الوسائط' })).toBeVisible();
  await expect(lena.getByRole('checkbox', { name: 'إلغاء رموز API الخاصة بي أيضًا' })).toBeVisible();
  await shoot(lena, 'profile-ar');
  await lena.getByLabel('اللغة').selectOption('en');

  // The administrator sees the lock and the storage, and opens the lock.
  await page.goto('/admin/users');
  const row = page.getByRole('row', { name: new RegExp(LENA.email) });
  await expect(row.getByText(/^Sign-in locked until /)).toBeVisible();
  await expect(row.getByText(/^\d+(\.\d)? kB$/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'users-locked-en');
  await page.getByLabel('Language').selectOption('ar');
  await expect(
    page.getByRole('row', { name: new RegExp(LENA.email) }).getByText(/^تسجيل الدخول مقفل حتى /),
  ).toBeVisible();
  await shoot(page, 'users-locked-ar');
  await page.getByLabel('اللغة').selectOption('en');
  await row.getByRole('button', { name: `Unlock sign-in: ${LENA.email}` }).click();
  await expect(page.getByText(`${LENA.email} can sign in again.`)).toBeVisible();
  await expect(row.getByText(/^Sign-in locked until /)).toBeHidden();

  // The stranger's browser (with the right password now) is let in again.
  await tryPassword(browser, LENA.password, stranger);
  await expect(stranger).toHaveURL(inWorkspace('/dashboard'));
  await lenaContext.close();
  await stranger.context().close();
});

test('the template dialog pages through many templates with Show more', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const TOM = { email: 'tom@example.com', password: 'many-templates-1' };
  await signInAs(page, ADMIN.email, ADMIN.password);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/users', {
    headers: { origin },
    data: { displayName: 'Tom Kenny', email: TOM.email, password: TOM.password, role: 'user' },
  });
  expect(created.status()).toBe(201);
  const tom = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await signInAs(tom, TOM.email, TOM.password);
  for (let i = 1; i <= 55; i++) {
    const res = await tom.request.post('/api/templates', {
      headers: { origin },
      data: {
        name: `Meetup ${String(i).padStart(2, '0')}`,
        category: 'Events',
        platforms: ['bluesky'],
        content: `<p>Meetup number ${i}: see you there.</p>`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await tom.goto('/posts');
  await newPost(tom);
  await tom.getByText('Bluesky', { exact: true }).click();
  await tom.getByRole('button', { name: 'Make Templates' }).click();
  const dialog = tom.getByRole('dialog', { name: 'Content Templates' });
  await dialog.getByRole('tab', { name: 'Events' }).click();
  // The sample Event Announcement and the 55 of this test.
  await expect(dialog.getByText('50 of 56 shown')).toBeVisible();
  await expect(dialog.getByRole('article', { name: 'Meetup 55' })).toBeVisible();
  await expect(dialog.getByRole('article', { name: 'Meetup 05' })).toHaveCount(0);
  await shoot(tom, 'templates-page-en');
  await dialog.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
  await tom.screenshot({ path: `${SHOTS}/templates-show-more-en-1280.png` });
  await dialog.getByRole('button', { name: 'Show more' }).click();
  await expect(dialog.getByRole('article', { name: 'Meetup 01' })).toBeVisible();
  await expect(dialog.getByRole('article')).toHaveCount(56);
  await expect(dialog.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await expectAccessible(tom);
  await tom.keyboard.press('Escape');

  await tom.getByLabel('Language').selectOption('ar');
  // The choice is kept once the page has turned Arabic; only then is a reload sure to keep it.
  await expect(tom.locator('html')).toHaveAttribute('lang', 'ar');
  // A new page load reads the templates afresh, a page at a time.
  await tom.reload();
  await newPost(tom);
  await tom.getByText('Bluesky', { exact: true }).click();
  await tom.getByRole('button', { name: 'إنشاء قوالب' }).click();
  const arabic = tom.getByRole('dialog');
  await arabic.getByRole('tab').nth(2).click();
  await expect(arabic.getByText('معروض 50 من 56')).toBeVisible();
  await expect(arabic.getByRole('button', { name: 'عرض المزيد' })).toBeVisible();
  await shoot(tom, 'templates-page-ar');
  await tom.context().close();
});
