import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, expectAccessible, inWorkspace, newPost, shootWidths, signInAs } from './helpers';

// Issue 27: the media library. Files uploaded there are found by name and kind, chosen in the composer
// without uploading them again, say which posts hold them, and are not deleted while one still to go
// out does.
const SHOTS = 'test-results/screenshots/media-library';
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const png = (background: string) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();

test('the media library: upload, find, choose in the composer, see where a file is used, delete only what may go', async ({
  page,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Media', exact: true }).first().click();
  await expect(page).toHaveURL(inWorkspace('/media'));
  await expect(page.getByRole('heading', { name: 'Media library' })).toBeVisible();
  await expect(page.getByText(/^Your files: .* of .* used$/)).toBeVisible();

  // Upload from the library: two images and a video, by one button.
  await page.locator('input[type=file]').setInputFiles([
    { name: 'tulips-library.png', mimeType: 'image/png', buffer: await png('#cc3366') },
    { name: 'roses-library.png', mimeType: 'image/png', buffer: await png('#33cc66') },
    { name: 'clip-library.mp4', mimeType: 'video/mp4', buffer: await readFile('test/fixtures/clip.mp4') },
  ]);
  await expect(page.getByText('clip-library.mp4 added successfully.')).toBeVisible();
  const cards = page.getByTestId('library-file');
  const card = (name: string) => cards.filter({ has: page.getByText(name, { exact: true }) });
  await expect(card('roses-library.png')).toContainText('PNG · ');
  await expect(card('roses-library.png')).toContainText('120 × 80');
  await expect(card('roses-library.png')).toContainText(`by ${ADMIN.name}`);
  await expect(card('roses-library.png')).toContainText('Not used in any post');

  // Found by a part of its name, whatever the case; kept to videos by the type.
  await page.getByLabel('Search').fill('TULIPS');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('tulips-library.png');
  await page.getByLabel('Search').fill('');
  await page.getByRole('radiogroup', { name: 'Type' }).getByText('Videos').click();
  await expect(page).toHaveURL(/kind=video/);
  await expect(card('clip-library.mp4').first()).toContainText(/0:0\d/);
  await expect(cards.filter({ hasText: 'roses-library.png' })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Type' }).getByText('All').click();

  // Chosen in the composer from the library, then saved as a draft: no upload, the same file.
  await page.goto('/posts');
  const editor = await newPost(page);
  await editor.fill('Fresh tulips from the library');
  await page.getByRole('button', { name: 'From library' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Choose images from the library' });
  await picker.getByLabel('Search').fill('tulips-library');
  await picker.getByRole('button', { name: /tulips-library\.png/ }).click();
  await expect(picker.getByRole('button', { name: /tulips-library\.png/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shootWidths(page, SHOTS, 'picker-en');
  await picker.getByRole('button', { name: 'Add 1 file' }).click();
  await expect(page.locator('#composer').getByRole('img', { name: 'tulips-library.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();

  // A post still to go out holds the roses: made by the API, a day ahead.
  const library = (await (await page.request.get('/api/media?q=roses-library')).json()) as {
    data: { id: string }[];
  };
  const made = await page.request.post('/api/posts', {
    data: {
      content: '<p>Roses for the weekend</p>',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      timezone: 'UTC',
      media: [{ id: library.data[0]!.id }],
    },
  });
  expect(made.status()).toBe(201);

  await page.goto('/media');
  await expect(card('tulips-library.png')).toContainText('Used in 1 post:');
  await expect(
    card('tulips-library.png').getByRole('link', { name: 'Fresh tulips from the library' }),
  ).toBeVisible();
  await expect(card('roses-library.png').getByRole('link', { name: 'Roses for the weekend' })).toBeVisible();
  await expect(card('roses-library.png')).toContainText('scheduled');
  await page.getByRole('combobox', { name: 'Use' }).click();
  await page.getByRole('option', { name: 'In posts still to go out' }).click();
  await expect(card('roses-library.png')).toBeVisible();
  await expect(card('tulips-library.png')).toHaveCount(0);
  await shootWidths(page, SHOTS, 'scheduled-en');
  await page.getByRole('combobox', { name: 'Use' }).click();
  await page.getByRole('option', { name: 'All files' }).click();

  // The scheduled post's file is kept, and the refusal names the post.
  await card('roses-library.png').getByRole('button', { name: 'Delete roses-library.png' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByText(
      'roses-library.png is in posts still to go out: “Roses for the weekend”. Remove it from them first.',
    ),
  ).toBeVisible();
  await expect(card('roses-library.png')).toBeVisible();

  // The draft's file goes, and leaves the draft.
  await card('tulips-library.png').getByRole('button', { name: 'Delete tulips-library.png' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText('It is also removed from the draft or published post that holds it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('tulips-library.png deleted.')).toBeVisible();
  await expect(card('tulips-library.png')).toHaveCount(0);
  await expectAccessible(page);
  await shootWidths(page, SHOTS, 'library-en');

  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'مكتبة الوسائط' })).toBeVisible();
  await expect(card('roses-library.png')).toContainText('مستخدم في');
  await shootWidths(page, SHOTS, 'library-ar');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
});
