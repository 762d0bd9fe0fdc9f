import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, goOnWithoutAccounts, newPost, signInAs } from './helpers';

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
  // A long walk through the composer and the calendar: slow on a busy machine.
  test.setTimeout(150_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The whole month on the screen: a drag near its edge would scroll the page under the pointer.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/posts');
  // The posts page opens on the calendar; the + of a day opens the composer on that day at 09:00.
  await expect(page.getByRole('textbox', { name: 'Post text' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await cell(page, day15)
    .getByRole('button', { name: /^Add a post on/ })
    .click();
  const editor = page.getByRole('textbox', { name: 'Post text' });
  await expect(page.getByRole('dialog', { name: 'New post' })).toBeVisible();
  // The picker shows it as the UI language writes a date and time: "Dec 15, 2026, 9:00 AM".
  await expect(page.getByText(/^[A-Z][a-z]{2} 15, \d{4}, 9:00\sAM$/)).toBeVisible();

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
  // The bold word stays in Postwell: the composer says so instead of dropping it silently.
  await expect(page.getByRole('note')).toContainText('Postwell keeps bold');

  // An emoji and a hashtag go in at the cursor.
  await page.getByRole('button', { name: 'Add Emoji' }).click();
  const emojis = page.getByRole('dialog', { name: 'Emojis' });
  // Nothing is "recent" before one is used; a search finds one by a word.
  await emojis.getByRole('tab', { name: 'recent' }).click();
  await expect(emojis.getByText('No emoji used yet.')).toBeVisible();
  await emojis.getByRole('textbox', { name: 'Search emojis (in English)' }).fill('rocket');
  await emojis.getByRole('button', { name: '🚀' }).click();
  await expect(page.getByRole('dialog', { name: 'Emojis' })).toBeHidden();
  await page.getByRole('button', { name: 'Add Hashtags' }).click();
  const tags = page.getByRole('dialog', { name: 'Hashtags' });
  // A word no list has is offered as its own tag; what cannot be a tag is said to find nothing.
  await tags.getByLabel('Enter keywords for suggestions').fill('zzqx');
  await expect(tags.getByText('#zzqx', { exact: true })).toBeVisible();
  await tags.getByLabel('Enter keywords for suggestions').fill('!!!');
  await expect(tags.getByText('No hashtag suggestions found for "!!!".')).toBeVisible();
  await tags.getByLabel('Enter keywords for suggestions').fill('market');
  await tags.getByText('#marketing', { exact: true }).first().click();
  await expect(page.getByText('Added #marketing to your post')).toBeVisible();
  await expect(tags.getByText('Recently Used').locator('..')).toContainText('#marketing');
  await tags.getByRole('button', { name: 'Close' }).click();
  // Put in after a word with a space between.
  await expect(editor).toContainText('Launch day is here🚀 #marketing');

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
    await expect(card).toContainText('Launch day is here🚀 #marketing');
    await expect(card.getByRole('img', { name: 'two.png' })).toBeVisible();
  }
  await preview.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await goOnWithoutAccounts(page);
  await expect(page.getByText('Post scheduled successfully!')).toBeVisible();
  // Saved, the composer closes on the calendar.
  await expect(page.getByRole('dialog', { name: 'New post' })).toBeHidden();

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
  await expect(cell(page, day17).getByLabel(/^Post at 9:00\sAM/)).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Next' }).click();
  const moved = cell(page, day17).getByLabel(/^Post at 9:00\sAM/);
  await expect(moved).toBeVisible();
  await expect(cell(page, day15).getByLabel(/^Post at/)).toHaveCount(0);

  // Reschedule from the card's menu sets the time of day as well as the day.
  await moved.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Reschedule' }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule' });
  await expect(reschedule.getByLabel('New time')).toHaveValue('09:00');
  await reschedule.getByLabel('New time').fill('17:45');
  await reschedule.getByRole('button', { name: 'Reschedule' }).click();
  const later = cell(page, day17).getByLabel(/^Post at 5:45\sPM/);
  await expect(later).toBeVisible();

  // Duplicate: a draft copy of it, opened in the composer, on the calendar beside it.
  await later.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByText('Duplicated as a draft: the copy is open in the composer.')).toBeVisible();
  await expect(editor).toContainText('Launch day is here');
  await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible();
  await expect(cell(page, day17).getByLabel(/^Post at 5:45\sPM/)).toHaveCount(2);
  await page.getByRole('button', { name: 'Cancel' }).click();

  for (const left of [1, 0]) {
    await cell(page, day17)
      .getByLabel(/^Post at/)
      .first()
      .getByRole('button', { name: 'Post actions' })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(confirm).toContainText('Are you sure you want to delete this post?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Post deleted successfully!').first()).toBeVisible();
    await expect(cell(page, day17).getByLabel(/^Post at/)).toHaveCount(left);
  }
});

test('a long post shows a cut card; Edit and Details load the whole post; one deleted meanwhile says so', async ({
  page,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  const day20 = new Date(now.getFullYear(), now.getMonth() + 1, 20, 10);
  const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  const created = await page.request.post('/api/posts', {
    data: {
      content: `<p>${words} <strong>the end</strong></p>`,
      platforms: ['bluesky'],
      action: 'draft',
      scheduledAt: day20.toISOString(),
      timezone: 'UTC',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await page.goto('/posts');
  await page.getByRole('button', { name: 'Next' }).click();

  // The calendar has only the card: the start of the text, cut with '…'.
  const card = cell(page, ymd(day20)).getByLabel(/^Post at/);
  await expect(card).toContainText('word0 word1 word2');
  await expect(card).toContainText('…');
  await expect(card).not.toContainText('the end');

  // Edit and Details fetch the whole post.
  await card.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Post text' })).toContainText(`${words} the end`);
  // Unchanged, it closes without asking.
  await page
    .getByRole('dialog', { name: 'Edit post' })
    .getByRole('button', { name: 'Close' })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit post' })).toBeHidden();
  await card.getByText(/^word0 /).click();
  const details = page.getByRole('dialog', { name: 'Post details' });
  await expect(details.getByRole('article')).toContainText(`${words} the end`);
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  // Deleted elsewhere (another tab, another device) while this calendar still shows it.
  expect((await page.request.delete(`/api/posts/${id}`)).status()).toBe(204);
  await card.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Details' }).click();
  await expect(page.getByText('This post no longer exists: it was deleted.')).toBeVisible();
  await expect(details).toBeHidden();
  await expect(card).toHaveCount(0);
});

test('use a sample template, and create one that lands in its category', async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/posts');
  await newPost(page);
  await page.getByText('Bluesky', { exact: true }).click();
  await page.getByRole('button', { name: 'Make Templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Content Templates' });
  await dialog
    .getByRole('article', { name: 'Promo Template' })
    .getByRole('button', { name: 'Use Template' })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Post text' })).toContainText(
    'Special offer for our Bluesky followers',
  );

  await page.getByRole('button', { name: 'Make Templates' }).click();
  await dialog.getByRole('button', { name: 'Create template' }).click();
  const form = page.getByRole('dialog', { name: 'Create template' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Template name is required')).toBeVisible();
  await expect(form.getByText('Please select a category')).toBeVisible();
  await expect(form.getByText('Please select at least one platform')).toBeVisible();
  await expect(form.getByText('Content is required')).toBeVisible();
  await form.getByLabel('Template name').fill('Launch teaser');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Events' }).click();
  await form.getByRole('combobox', { name: 'Platforms' }).click({ force: true });
  await page.getByRole('option', { name: 'LinkedIn' }).click();
  await form.getByLabel('Content').fill('Save the date: {{date}}');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template created successfully')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('article', { name: 'Launch teaser' })).toBeVisible();
});

test('edit a video: trim, frame, a caption with a variable, kept with the post', async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/posts');
  await newPost(page);
  await page.locator('input[type=file][accept*="video"]').setInputFiles('test/fixtures/clip.mp4');
  await expect(page.getByText('clip.mp4 added successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit clip.mp4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Video' });
  await dialog.getByRole('button', { name: 'Manage Variables' }).click();
  const vars = page.getByRole('dialog', { name: 'Manage Variables' });
  await vars.getByRole('button', { name: 'Add Variable' }).click();
  await expect(vars.getByText('Variable name and value are both required.')).toBeVisible();
  await vars.getByLabel('Variable Name').fill('brand');
  await vars.getByLabel('Variable Value').fill('Postwell');
  await vars.getByRole('button', { name: 'Add Variable' }).click();
  await expect(vars.getByText('brand: Postwell')).toBeVisible();
  await vars.getByRole('button', { name: 'Close' }).click();

  await dialog.getByLabel('Caption text 1').fill('Made with ');
  await dialog.getByRole('combobox', { name: 'Insert Variable' }).click();
  await page.getByRole('option', { name: 'brand' }).click();
  await expect(dialog.getByLabel('Caption text 1')).toHaveValue('Made with {{brand}}');
  await expect(dialog.getByTestId('caption-overlay')).toHaveText('Made with Postwell');
  await dialog.getByText('1:1').click();
  // The player's controls are ours, under the frame, clear of the bottom caption.
  await expect(dialog.getByRole('button', { name: 'Play' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // The thumbnail says it was edited (frame, length, captions) and plays only the kept part.
  await expect(page.getByText('Edited', { exact: true })).toBeVisible();
  await expect(page.getByText(/^1:1, \d:\d\d\.\d, 1 caption$/)).toBeVisible();
  await expect(page.locator('video[src*="#t="]')).toHaveCount(1);
  await page
    .getByText('Edited', { exact: true })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]')
    .screenshot({ path: 'test-results/screenshots/edited-video-thumbnail.png' });

  await page.getByRole('textbox', { name: 'Post text' }).click();
  await page.keyboard.type('Video day');
  await page.getByText('Bluesky', { exact: true }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save as draft' }).click();
  const post = await (await saved).json();
  expect(post.media[0].edits).toMatchObject({
    aspectRatio: '1:1',
    captions: [{ text: 'Made with {{brand}}', position: 'bottom', style: 'light' }],
  });
});

test('editor toolbar tooltips appear after a second of hover, not before', async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/posts');
  await newPost(page);
  const bold = page.getByRole('button', { name: 'Bold', exact: true });
  await expect(bold).toBeVisible();
  // No browser tooltip of its own: the delay is ours.
  await expect(bold).not.toHaveAttribute('title');
  const tipOpacity = () => bold.evaluate((el) => Number(getComputedStyle(el, '::after').opacity));
  await bold.hover();
  await page.waitForTimeout(500);
  expect(await tipOpacity()).toBe(0);
  await expect.poll(tipOpacity, { timeout: 3000 }).toBe(1);
  expect(await bold.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"Bold"');
});
