import { expect, type Page, test } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '../test/fakes/webhook-receiver';
import { ADMIN, expectAccessible, shootWidths, signInAs } from './helpers';

// Issue 14, "Webhooks": an endpoint added on the Profile page gets a signed test delivery, which shows in
// its delivery log; Administration › Webhooks lists it with its owner.
const SHOTS = 'test-results/screenshots/webhooks';
test.use({ locale: 'en-US' });

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);
let receiver: WebhookReceiver;

test.beforeAll(async ({ request }) => {
  receiver = await startWebhookReceiver(3412);
  // Run alone, the installation is new: make the administrator 01-first-run.spec.ts would have made.
  const setup = await request.get('/api/setup');
  if ((await setup.json()).needsAdmin)
    expect((await request.post('/api/setup/admin', { data: ADMIN })).status()).toBe(201);
});
test.afterAll(async () => receiver?.close());

test('add a webhook, send a test, see it delivered in the log', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByText('You have no webhooks yet.')).toBeVisible({ timeout: 15_000 });

  await section.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await dialog.getByLabel('URL').fill('ftp://nowhere');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Enter a full URL, such as https://example.com/hook.')).toBeVisible();
  await dialog.getByLabel('URL').fill(`${receiver.url}/postwell`);
  await dialog.getByRole('checkbox', { name: 'Account needs reconnecting' }).uncheck();
  await shoot(page, 'add-en');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();

  const shown = page.getByRole('dialog', { name: 'Webhook added' });
  await expect(shown.getByRole('alert')).toContainText('it is not shown again');
  receiver.secret = await shown.getByLabel('Signing secret').inputValue();
  expect(receiver.secret).toMatch(/^whsec_/);
  await shoot(page, 'secret-en');
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  const item = section.getByRole('article', { name: `${receiver.url}/postwell` });
  await expect(item).toContainText('Post published');
  await expect(item).not.toContainText('Account needs reconnecting');
  await item.getByRole('button', { name: 'Send test' }).click();
  const log = item.getByTestId('delivery-log');
  const row = log.getByRole('row').filter({ hasText: 'Test' });
  await expect(row).toContainText('Delivered', { timeout: 15_000 });
  await expect(row).toContainText('200');
  expect(receiver.received).toHaveLength(1);
  expect(receiver.received[0]!.verified).toBe(true);
  await shoot(page, 'profile-en');
  await expectAccessible(page);

  await page.goto('/admin/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${receiver.url}/postwell` })).toContainText(
    ADMIN.email,
  );
  await shoot(page, 'admin-en');

  // In Arabic, right to left.
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = page.getByRole('region', { name: 'خطافات الويب' });
  await arabic.getByRole('button', { name: 'سجل التسليم' }).click();
  await expect(arabic.getByTestId('delivery-log')).toContainText('تم التسليم');
  await shoot(page, 'profile-ar');
  await page.goto('/admin/webhooks');
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toBeVisible();
  await shoot(page, 'admin-ar');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));

  // Turn it off, then delete it (after confirming).
  await page.goto('/profile');
  await item.getByRole('switch', { name: 'Send deliveries to this webhook' }).click({ force: true });
  await expect(item.getByRole('button', { name: 'Send test' })).toBeDisabled();
  await item.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByText('You have no webhooks yet.')).toBeVisible();
});
