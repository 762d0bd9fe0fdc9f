import { expect, test } from '@playwright/test';
import { ADMIN, signInAs } from './helpers';

const newUser = { name: 'Katherine Johnson', email: 'katherine@example.com', password: 'orbital-math-62' };

test('a super_admin creates a user, changes its role, and deletes it', async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/user-management');
  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

  // Cancel closes the dialog and creates nothing.
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByRole('dialog', { name: 'Create user' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Create user' }).click();
  const create = page.getByRole('dialog', { name: 'Create user' });
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByText('Display name is required')).toBeVisible();
  await create.getByLabel('Display name').fill(newUser.name);
  await create.getByLabel('Email').fill(ADMIN.email);
  await create.getByLabel('Password', { exact: true }).fill(newUser.password);
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByText('This email is already in use.')).toBeVisible();
  await create.getByLabel('Email').fill(newUser.email);
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('User created successfully.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(newUser.email) });
  await expect(row.getByText('User', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Edit: ${newUser.email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await edit.getByRole('combobox', { name: 'Role' }).click();
  await page
    .getByRole('listbox', { name: 'Role' })
    .getByRole('option', { name: 'Admin', exact: true })
    .click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully.')).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();

  // The last super_admin cannot demote themselves: the server says why.
  await page
    .getByRole('row', { name: new RegExp(ADMIN.email) })
    .getByRole('button', { name: `Edit: ${ADMIN.email}` })
    .click();
  await page.getByRole('dialog', { name: 'Edit user' }).getByRole('combobox', { name: 'Role' }).click();
  await page
    .getByRole('listbox', { name: 'Role' })
    .getByRole('option', { name: 'User', exact: true })
    .click();
  await page.getByRole('dialog', { name: 'Edit user' }).getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('The last super administrator cannot be removed or demoted.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('dialog', { name: 'Edit user' }).getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Delete: ${newUser.email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm.getByText('Are you sure you want to delete this user?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(newUser.email) })).toHaveCount(0);
});

test('an admin can edit roles but sees no delete or create button; a user is refused', async ({
  page,
  browser,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  for (const [name, email, role] of [
    ['Grace Admin', 'grace.admin@example.com', 'admin'],
    ['Uma User', 'uma@example.com', 'user'],
  ] as const) {
    const res = await page.request.post('/api/users', {
      data: { displayName: name, email, password: 'password-for-e2e', role },
    });
    expect(res.status()).toBe(201);
  }

  const adminPage = await (await browser.newContext()).newPage();
  await signInAs(adminPage, 'grace.admin@example.com', 'password-for-e2e');
  await adminPage.goto('/admin/users');
  await expect(adminPage.getByRole('button', { name: 'Edit: uma@example.com' })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: 'Create user' })).toHaveCount(0);
  // No edit button on the super_admin's row: an admin may not touch a super_admin.
  await expect(adminPage.getByRole('button', { name: `Edit: ${ADMIN.email}` })).toHaveCount(0);
  await adminPage.goto('/admin/settings');
  await expect(adminPage.getByText('You are not authorized to access this page.')).toBeVisible();

  const userPage = await (await browser.newContext()).newPage();
  await signInAs(userPage, 'uma@example.com', 'password-for-e2e');
  await userPage.goto('/admin/user-management');
  await expect(userPage.getByText('You are not authorized to access this page.')).toBeVisible();
  await expect(userPage.getByRole('table')).toHaveCount(0);
  await expect(userPage.getByRole('navigation').getByText('Posts', { exact: true })).toBeVisible();
  await expect(userPage.getByText('User Management')).toHaveCount(0);
});

test('a super_admin approves a trial request and sets the trial duration', async ({ page, browser }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/settings');
  await expect(page).toHaveURL('/admin/settings');
  const days = page.getByLabel('Trial duration (days)');
  await expect(days).toHaveValue('7');
  await days.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a whole number of days from 1 to 365.')).toBeVisible();
  await days.fill('14');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings updated successfully.')).toBeVisible();

  // 03-trial.spec.ts asked for a trial as grace@navy.mil.
  await page
    .getByRole('navigation', { name: 'Admin Dashboard' })
    .getByRole('link', { name: 'Trial requests' })
    .click();
  const row = page.getByRole('row', { name: /grace@navy\.mil/ });
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  // No mail server in these tests: the approver is handed the link, and told why.
  const handed = page.getByRole('dialog', { name: 'Send this link yourself' });
  await expect(handed).toContainText('No mail server is configured (SMTP_URL)');
  await expect(handed).toContainText('The trial account for grace@navy.mil is ready');
  const link = await handed.getByTestId('trial-link').inputValue();
  await handed.getByRole('button', { name: 'Done' }).click();
  await expect(handed).toBeHidden();
  await expect(row.getByText('Approved')).toBeVisible();

  // The link works: Grace chooses a password with it and signs in.
  const graceBrowser = await browser.newContext();
  const grace = await graceBrowser.newPage();
  await grace.goto(link);
  await grace.getByLabel('New password', { exact: true }).fill('grace-navy-1906');
  await grace.getByLabel('Confirm the new password').fill('grace-navy-1906');
  await grace.getByRole('button', { name: 'Set the new password' }).click();
  await expect(grace.getByText('Your password was changed.')).toBeVisible();
  await graceBrowser.close();

  const adminMenu = page.getByRole('navigation', { name: 'Admin Dashboard' });
  await adminMenu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByLabel('Pending trial requests')).toHaveText('0');
  await expect(page.getByRole('cell', { name: 'Approved a trial' })).toBeVisible();
  await adminMenu.getByRole('link', { name: 'User Management' }).click();
  await expect(page.getByRole('row', { name: /grace@navy\.mil/ }).getByText(/Trial until/)).toBeVisible();
});
