import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { makeZip } from '../test/zip';
import { ADMIN, expectAccessible, inWorkspace, shootWidths, signInAs } from './helpers';

// Issue 27: bulk import. A CSV is previewed with each problem named by row and column, the ready rows are
// imported all at once, and the same file a second time adds nothing.
const SHOTS = 'test-results/screenshots/import';
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test('bulk import: preview with problems, import the ready rows, the same file again adds nothing', async ({
  page,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/posts');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(inWorkspace('/import'));
  await expect(page.getByRole('heading', { name: 'Import posts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute(
    'href',
    '/api/imports/template?format=csv',
  );

  // A file that is not UTF-8 is refused as a whole, saying what to do.
  const input = page.locator('input[type=file]:not([accept*="zip"])');
  await input.setInputFiles({
    name: 'latin1.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('text,networks\nCaf\xe9,bluesky\n', 'latin1'),
  });
  await expect(page.getByRole('alert')).toContainText('This file is not UTF-8 text');

  const csv = [
    'text,networks,accounts,date,time,timezone,status',
    `Spring arrives at the shop,bluesky,,${day(10)},09:30,UTC,scheduled`,
    `"A draft on two lines,\nfor later",x,,,,,draft`,
    `${'Too long for X. '.repeat(20)},x,,${day(10)},10:00,UTC,`,
    `Hello,x,@nobody,${day(10)},11:00,UTC,`,
    `Spring arrives at the shop,bluesky,,${day(10)},09:30,UTC,scheduled`,
    `Last week,bluesky,,${day(-7)},09:00,UTC,`,
  ].join('\n');
  const file = { name: 'spring.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
  await input.setInputFiles(file);
  await expect(
    page.getByRole('status').filter({ hasText: 'spring.csv: 6 rows, 2 ready, 4 with problems' }),
  ).toBeVisible();
  // The rows that are not ready are shown first, each problem with its column.
  const rows = page.getByTestId('import-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('text');
  await expect(rows.nth(0)).toContainText(/X.*280/);
  await expect(rows.nth(1)).toContainText('no connected account is named “@nobody”');
  await expect(rows.nth(2)).toContainText('the same as row 1');
  await expect(rows.nth(3)).toContainText('line 8');
  await expect(rows.nth(3)).toContainText('date');
  await shootWidths(page, SHOTS, 'problems-en');

  await page.getByRole('radiogroup', { name: 'Rows shown' }).getByText('All rows (6)').click();
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1)).toContainText('A draft on two lines');
  await expect(rows.nth(1)).toContainText('line 3');
  await expect(page.getByRole('checkbox', { name: 'Import row 1' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Import row 3' })).toBeDisabled();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('2 posts imported')).toBeVisible();
  await shootWidths(page, SHOTS, 'done-en');
  const drafts = await (await page.request.get('/api/posts/drafts?limit=50')).json();
  expect(JSON.stringify(drafts)).toContain('A draft on two lines');

  // The same file again: its rows were imported, nothing is ready.
  await input.setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: 'spring.csv: 6 rows, 0 ready' })).toBeVisible();
  // Rows 1 and 2, and row 5, the same as row 1.
  await expect(page.getByText('Imported before', { exact: true })).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Import 0 rows' })).toBeDisabled();

  // A row naming a file the library does not have; a zip brings it, and the sheet is read again.
  const roses = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
    .png()
    .toBuffer();
  await input.setInputFiles({
    name: 'roses.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `text,networks,date,time,media\nRoses for the window,bluesky,${day(11)},10:00,window-roses.png\n`,
    ),
  });
  await expect(page.getByRole('status').filter({ hasText: 'roses.csv: 1 row, 0 ready' })).toBeVisible();
  await page.locator('input[type=file][accept*="zip"]').setInputFiles({
    name: 'media.zip',
    mimeType: 'application/zip',
    buffer: makeZip([
      { name: 'shop/window-roses.png', bytes: roses },
      { name: 'readme.txt', bytes: Buffer.from('the files of the spring campaign') },
    ]),
  });
  const added = page.getByRole('status').filter({ hasText: '1 file added to the media library' });
  await expect(added).toContainText('window-roses.png');
  await expect(added).toContainText('readme.txt');
  await expect(page.getByRole('status').filter({ hasText: 'roses.csv: 1 row, 1 ready' })).toBeVisible();
  await shootWidths(page, SHOTS, 'zip-en');

  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.reload();
  await page.locator('input[type=file]:not([accept*="zip"])').setInputFiles(file);
  await expect(page.getByTestId('import-row').first()).toBeVisible();
  await shootWidths(page, SHOTS, 'problems-ar');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
});
