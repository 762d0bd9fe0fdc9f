import { expect, test } from '@playwright/test';
import { LOCALES } from '../src/shared/locales';

test('a protected page while signed out goes to the login page with a redirect back', async ({ page }) => {
  await page.goto('/posts');
  await expect(page).toHaveURL('/login?redirect=/posts');
  await page.goto('/admin/users');
  await expect(page).toHaveURL('/login?redirect=/admin/users');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
});

test('switching to Arabic turns the page right-to-left and translates it, and the choice is remembered', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('main').getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('combobox').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

for (const locale of LOCALES) {
  test(`home page in ${locale}`, async ({ page }, testInfo) => {
    await page.addInitScript((l) => localStorage.setItem('postwell.locale', l), locale);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(5);
    const path = testInfo.outputPath(`home-${locale}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`home-${locale}`, { path, contentType: 'image/png' });
  });
}
