import { expect, type Page } from '@playwright/test';

/** The administrator that 01-first-run.spec.ts creates on the fresh installation. */
export const ADMIN = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1' };

export async function signInAs(page: Page, email: string, password: string, landing = '/dashboard') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(landing);
}

/**
 * Sends the composer's post on to networks that have no account: the browser tests connect none, so
 * Schedule Post and Post now first ask (issue 13) and the post goes on once told to.
 */
export async function goOnWithoutAccounts(page: Page) {
  await page
    .getByRole('dialog', { name: 'Some networks cannot receive this post' })
    .getByRole('button', { name: 'Go on' })
    .click();
}
