import { expect, test } from '@playwright/test';

test('the trial form shows its three validation messages, then the success dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Start trial' }).click();
  await expect(page).toHaveURL('/trial');

  await page.getByRole('button', { name: 'Request trial' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('grace@navy');
  await page.getByRole('button', { name: 'Request trial' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@navy.mil');
  await page.getByLabel('Company (optional)').fill('US Navy');
  await page.getByRole('button', { name: 'Request trial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request received' });
  await expect(dialog).toContainText('We received your trial request');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Name')).toHaveValue('');

  // The same address again is answered politely.
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('GRACE@navy.mil');
  await page.getByRole('button', { name: 'Request trial' }).click();
  await expect(page.getByRole('dialog')).toContainText('We already have a trial request for this email.');
});
