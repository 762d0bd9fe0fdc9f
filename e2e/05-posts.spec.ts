import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, signInAs } from './helpers';

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const now = new Date();
const day15 = ymd(new Date(now.getFullYear(), now.getMonth() + 1, 15));
const day17 = ymd(new Date(now.getFullYear(), now.getMonth() + 1, 17));

const cell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);

async function dragTo(page: Page, from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + 10, a.y + 30);
  await page.mouse.down();
  await page.mouse.move(a.x + 30, a.y + 40, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('write a post, schedule it from the calendar, drag it to another day, and delete it', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/posts');
  const editor = page.getByRole('textbox', { name: 'Post text' });

  // The counter follows the tightest network and the problems block publishing.
  await editor.click();
  await page.keyboard.type('x'.repeat(290));
  await page.getByText('X', { exact: true }).click();
  await expect(page.getByText('-10 characters remaining')).toBeVisible();
  await expect(page.getByText('X: 290 characters, the limit is 280.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post now' })).toBeDisabled();
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(page.getByText('Please complete all required fields.')).toBeVisible();

  await page.keyboard.type('Launch day is ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('here');
  await page.keyboard.press('Control+b');
  await page.getByText('Bluesky', { exact: true }).click();
  await expect(page.getByText('262 characters remaining')).toBeVisible();

  // Images are checked by the server and shown as thumbnails, then in each network's preview.
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const imageInput = page.locator('input[type=file][accept*="image"]');
  await imageInput.setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: png },
    { name: 'two.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(page.getByText('two.png added successfully.')).toBeVisible();
  await imageInput.setInputFiles([
    { name: 'fake.gif', mimeType: 'image/gif', buffer: Buffer.from('not really a gif') },
  ]);
  await expect(page.getByText('fake.gif is not a supported image type.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'one.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  for (const network of ['X', 'Bluesky']) {
    const card = preview.getByRole('region', { name: `${network} preview` });
    await expect(card).toContainText('Launch day is here');
    await expect(card.getByRole('img', { name: 'two.png' })).toBeVisible();
  }
  await preview.getByRole('button', { name: 'Close' }).click();

  // The + of a day puts the composer on that day at 09:00.
  await page.getByRole('button', { name: 'Next' }).click();
  await cell(page, day15)
    .getByRole('button', { name: /^Add a post on/ })
    .click();
  await expect(page.getByText(`${day15} 09:00`)).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText('Post scheduled successfully!')).toBeVisible();
  await expect(editor).toHaveText('');

  const card = cell(page, day15).getByLabel(/^Post at/);
  await expect(card).toContainText('Launch day is here');
  await expect(card.locator('strong')).toHaveText('here');
  await expect(card.getByRole('img', { name: 'Bluesky' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'X' })).toBeVisible();

  // Let the calendar finish refreshing, so the card does not re-render under the pointer.
  await expect(page.getByRole('grid').getByLabel('Loading…')).toHaveCount(0);
  await expect(page.getByLabel('Loading…')).toHaveCount(0);
  await dragTo(page, card, cell(page, day17));
  await expect(page.getByText('Post rescheduled successfully!')).toBeVisible();
  await expect(cell(page, day17).getByLabel(/^Post at 09:00/)).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Next' }).click();
  const moved = cell(page, day17).getByLabel(/^Post at 09:00/);
  await expect(moved).toBeVisible();
  await expect(cell(page, day15).getByLabel(/^Post at/)).toHaveCount(0);

  await moved.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText('Are you sure you want to delete this post?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted successfully!')).toBeVisible();
  await expect(cell(page, day17).getByLabel(/^Post at/)).toHaveCount(0);
});
