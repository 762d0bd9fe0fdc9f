import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, newPost, signInAs } from './helpers';

/** What the composer says about an image with a video, per locale, for X and for Instagram. */
const TEXTS = {
  en: {
    mix: 'X does not take images and videos in the same post.',
    short: /^Instagram takes videos of at least 3 seconds; clip\.mp4 lasts 1 second\.$/,
    postNow: 'Post now',
  },
  ar: {
    mix: 'لا يقبل X الصور ومقاطع الفيديو في المنشور نفسه.',
    // Lengths are written by Intl for the locale (its digits and unit words).
    short: /^يقبل Instagram مقاطع فيديو لا تقل مدتها عن .+؛ ومدة clip\.mp4 هي .+\.$/,
    postNow: 'نشر الآن',
  },
};

const SHOTS = 'test-results/screenshots/media-rules';

async function attach(page: Page, kind: 'image' | 'video', file: Parameters<Page['setInputFiles']>[1]) {
  const uploaded = page.waitForResponse(
    (r) => r.url().includes(`/api/media?kind=${kind}`) && r.request().method() === 'POST',
  );
  await page.locator(`input[type=file][accept*="${kind}"]`).setInputFiles(file);
  expect((await uploaded).status()).toBe(201);
}

for (const locale of ['en', 'ar'] as const) {
  test(`the composer refuses an image with a video for X, live (${locale})`, async ({ page }) => {
    const text = TEXTS[locale];
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.evaluate((l) => localStorage.setItem('postwell.locale', l), locale);
    await page.goto('/posts');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await newPost(page);

    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await attach(page, 'image', { name: 'photo.png', mimeType: 'image/png', buffer: png });
    await attach(page, 'video', 'test/fixtures/clip.mp4');
    await page.getByRole('textbox').first().click();
    await page.keyboard.type('Launch clip');

    // X keeps images and videos apart: the problem shows at once and nothing can be sent.
    const shareTo = page.locator('[aria-labelledby="share-to-label"]');
    await shareTo.getByText('X', { exact: true }).click();
    const problems = page.getByRole('list', { name: /./ }).filter({ hasText: text.mix });
    await expect(problems).toBeVisible();
    await expect(page.getByRole('button', { name: text.postNow })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/x-mix-${locale}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(problems).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/x-mix-${locale}-390.png`, fullPage: true });

    // Instagram mixes them in a carousel, but takes no video under 3 seconds.
    await shareTo.getByText('X', { exact: true }).click();
    await shareTo.getByText('Instagram', { exact: true }).click();
    await expect(page.getByText(text.mix)).toBeHidden();
    await expect(page.getByText(text.short)).toBeVisible();
    await page.getByText(text.short).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/instagram-short-${locale}-390.png` });
  });
}
