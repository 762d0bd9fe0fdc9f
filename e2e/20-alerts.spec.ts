import { expect, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, shootWidths, signInAs } from './helpers';

// Issue 14, "Know when something is wrong": each alert mail can be turned off on the Profile page, and
// /api/health says a worker runs (this server runs every role).
const SHOTS = 'test-results/screenshots/alerts';
test.use({ locale: 'en-US' });

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

test('turn an alert mail off and on again on the Profile page', async ({ page }) => {
  test.setTimeout(90_000);
  const setup = (await (await page.request.get('/api/setup')).json()) as { needsAdmin: boolean };
  // Run alone, this spec meets a fresh installation: it creates the administrator 01 would have (and
  // is signed in as them by doing so).
  if (setup.needsAdmin)
    expect((await page.request.post('/api/setup/admin', { data: { ...ADMIN } })).ok()).toBe(true);
  else await signInAs(page, ADMIN.email, ADMIN.password);
  const health = await (await page.request.get('/api/health')).json();
  expect(health).toMatchObject({ database: 'ok', queue: 'ok', worker: 'ok' });

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Alert mails' });
  const failed = section.getByRole('switch', { name: 'A post could not be published' });
  await expect(failed).toBeChecked({ timeout: 15_000 });
  // An administrator also has the administrators' kinds.
  await expect(section.getByRole('switch')).toHaveCount(6);
  await expect(section.getByRole('switch', { name: 'Daily digest (administrators)' })).toBeChecked();

  await failed.click();
  await expect(page.getByText('Alert turned off.')).toBeVisible();
  await page.reload();
  await expect(failed).not.toBeChecked({ timeout: 15_000 });
  const saved = await (await page.request.get('/api/alerts/preferences')).json();
  expect(saved).toMatchObject({ targetFailed: false, needsReconnect: true, admin: true });
  await shoot(page, 'profile-en');
  await expectAccessible(page);

  // In Arabic, right to left.
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = page.getByRole('region', { name: 'رسائل التنبيه' });
  await expect(arabic.getByRole('switch', { name: 'تعذّر نشر منشور' })).not.toBeChecked({
    timeout: 15_000,
  });
  await shoot(page, 'profile-ar');
  await expectAccessible(page);
  const failedAr = arabic.getByRole('switch', { name: 'تعذّر نشر منشور' });
  await failedAr.click();
  await expect(failedAr).toBeChecked();
  await expect(page.getByText('تم تشغيل التنبيه.')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
  expect((await (await page.request.get('/api/alerts/preferences')).json()).targetFailed).toBe(true);
});
