import { expect, test } from '@playwright/test';
import { ADMIN, inWorkspace } from './helpers';

const admin = ADMIN;

test('a newcomer creates the administrator account, signs out, fails a login, signs in and lands where they meant to go', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Schedule once. Publish everywhere, on time.',
  );
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();

  await expect(page.getByRole('heading', { name: 'Create the administrator account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create the administrator account' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Name').fill(admin.name);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Create the administrator account' }).click();

  await expect(page).toHaveURL(inWorkspace('/dashboard'));
  await expect(page.getByText(`Welcome, ${admin.name}`)).toBeVisible();

  // The menu shows every admin item to a super_admin, then Logout; signed in on a wide screen it stays
  // open beside the page, without its button.
  await expect(page.getByRole('button', { name: 'Toggle navigation menu' })).toBeHidden();
  const nav = page.getByRole('navigation', { name: 'Toggle navigation menu' });
  for (const item of [
    'Home',
    'Posts',
    'Drafts',
    'Recurring Posts',
    'Queue',
    'Analytics',
    'Admin Dashboard',
    'User Management',
    'Settings',
    'Logout',
  ]) {
    await expect(nav.getByText(item, { exact: true })).toBeVisible();
  }
  await nav.getByText('Logout').click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Logout successful')).toBeVisible();

  // A protected page while signed out goes to login, remembering where the user wanted to go.
  await page.goto('/analytics');
  await expect(page).toHaveURL('/login?redirect=/analytics');

  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');

  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(inWorkspace('/analytics'));
  await expect(page.getByRole('heading', { name: 'Platform Performance' })).toBeVisible();

  // Signed in, the profile shows who they are; home and login send them to Posts.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: admin.name, level: 2 })).toBeVisible();
  await expect(page.getByText('Role: Super Admin')).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(inWorkspace('/posts'));
  await page.goto('/');
  await expect(page).toHaveURL(inWorkspace('/posts'));
});

test('the login form checks its fields before sending, and a foreign redirect is ignored', async ({
  page,
}) => {
  await page.goto('/login?redirect=https://evil.example/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('ada@');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email is required for password reset.');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${admin.email}`);

  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(inWorkspace('/dashboard'));
});
