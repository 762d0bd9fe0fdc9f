import { expect, test } from '@playwright/test';
import { ADMIN, shootWidths, signInAs } from './helpers';

/** Forty-odd ways to smuggle script into rich text; none may run anywhere the post is shown. */
const VECTORS = [
  '<script>window.__xss("script")</script>',
  '<img src=x onerror="window.__xss(\'img\')">',
  '<svg onload="window.__xss(\'svg\')"></svg>',
  '<svg><script>window.__xss("svg-script")</script></svg>',
  '<body onload="window.__xss(\'body\')">',
  '<iframe src="javascript:window.top.__xss(\'iframe\')"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(\'srcdoc\')</script>"></iframe>',
  '<a href="javascript:window.__xss(\'a\')">click</a>',
  '<a href="JaVaScRiPt:window.__xss(\'a-case\')">click</a>',
  '<a href="&#106;avascript:window.__xss(\'a-entity\')">click</a>',
  '<a href=" javascript:window.__xss(\'a-space\')">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<p onmouseover="window.__xss(\'p-hover\')" style="display:block;width:3000px;height:3000px">hover</p>',
  '<div onclick="window.__xss(\'div\')">x</div>',
  '<input autofocus onfocus="window.__xss(\'input\')">',
  '<select autofocus onfocus="window.__xss(\'select\')"></select>',
  '<textarea autofocus onfocus="window.__xss(\'textarea\')"></textarea>',
  '<details open ontoggle="window.__xss(\'details\')">x</details>',
  '<video><source onerror="window.__xss(\'video\')"></video>',
  '<audio src=x onerror="window.__xss(\'audio\')"></audio>',
  '<object data="javascript:window.__xss(\'object\')"></object>',
  '<embed src="javascript:window.__xss(\'embed\')">',
  '<form action="javascript:window.__xss(\'form\')"><button>go</button></form>',
  '<button formaction="javascript:window.__xss(\'formaction\')">go</button>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss(\'mxss\')"></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss(\'noscript\')>"></p></noscript>',
  '<style>@import "javascript:window.__xss(\'style\')";</style>',
  '<p style="background:url(javascript:window.__xss(\'css-url\'))">css</p>',
  '<p style="behavior:url(x.htc)">behavior</p>',
  '<p style="width:expression(window.__xss(\'expression\'))">expr</p>',
  '<link rel="stylesheet" href="javascript:window.__xss(\'link\')">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss(\'meta\')">',
  '<base href="javascript:window.__xss(\'base\')//">',
  '<isindex action="javascript:window.__xss(\'isindex\')" type=submit>',
  '<marquee onstart="window.__xss(\'marquee\')">m</marquee>',
  '<img src="x" onerror="window.__xss(`backtick`)">',
  '<img """><script>window.__xss("quotes")</script>">',
  '<scr<script>ipt>window.__xss("nested")</scr</script>ipt>',
  '<<script>window.__xss("double")//<</script>',
  '<span style="font-family: expression(window.__xss(\'font\'))">font</span>',
  '<a href="https://example.com" onmouseover="window.__xss(\'a-hover\')">link</a>',
  '<template><script>window.__xss("template")</script></template>',
  '<img srcset="x 1x" onerror="window.__xss(\'srcset\')">',
];

test(`none of ${VECTORS.length} XSS vectors runs in the calendar or the preview`, async ({ page }) => {
  test.setTimeout(90_000);
  const fired: string[] = [];
  await page.exposeFunction('__xssReport', (name: string) => fired.push(name));
  await page.addInitScript(() => {
    (window as unknown as { __xss: (n: string) => void }).__xss = (n: string) =>
      (window as unknown as { __xssReport: (n: string) => void }).__xssReport(n);
  });
  page.on('dialog', (dialog) => {
    fired.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });

  await signInAs(page, ADMIN.email, ADMIN.password);
  // The posts go in through the API, as an attacker would send them, dated next month.
  const due = new Date(
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 10, 9),
  ).toISOString();
  for (const [i, vector] of VECTORS.entries()) {
    const res = await page.request.post('/api/posts', {
      data: {
        content: `<p>vector ${i}</p>${vector}`,
        platforms: ['facebook'],
        action: 'draft',
        scheduledAt: due,
        timezone: 'UTC',
      },
    });
    expect(res.status(), vector).toBe(201);
    const stored = (await res.json()).content as string;
    expect(stored, vector).not.toMatch(
      /<script|onerror|onload|javascript:|onfocus|<iframe|<svg|expression\(/i,
    );
  }

  await page.goto('/posts');
  await page.getByRole('button', { name: 'Next' }).click();
  // The month shows three cards of the day and "+K more", which opens the day with all of them.
  const more = page.getByRole('button', { name: `${VECTORS.length - 3} more posts on`, exact: false });
  await expect(page.getByRole('grid').getByLabel(/^Post at/)).toHaveCount(3);
  const day = page.getByRole('dialog');
  const cards = day.getByLabel(/^Post at/);
  await page.locator('#content-calendar').scrollIntoViewIfNeeded();
  await shootWidths(page, 'test-results/screenshots/calendar', 'month-more-en');
  await more.click();
  await expect(cards).toHaveCount(VECTORS.length);
  await shootWidths(page, 'test-results/screenshots/calendar', 'day-dialog-en');
  await page.keyboard.press('Escape');
  // Hover and click over every card, then open each in the composer and the preview.
  for (let i = 0; i < VECTORS.length; i += 4) {
    if (!(await day.isVisible())) await more.click();
    const card = cards.nth(i);
    await card.hover();
    await card.getByRole('button', { name: 'Post actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('dialog', { name: 'Preview' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Preview' }).getByRole('button', { name: 'Close' }).click();
    // The composer's drawer, unchanged, closes without asking.
    const composer = page.getByRole('dialog', { name: 'Edit post' });
    await composer.getByRole('button', { name: 'Close' }).first().click();
    await expect(composer).toBeHidden();
    // The day's dialog went when Edit opened the composer: no dialog is left, not even one closing.
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.waitForTimeout(500);
  expect(fired).toEqual([]);
  // The same month, right to left.
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.reload();
  await page.getByRole('button', { name: 'التالي' }).click();
  await expect(page.getByRole('grid').getByLabel(/^منشور في الساعة/)).toHaveCount(3);
  await page.locator('#content-calendar').scrollIntoViewIfNeeded();
  await shootWidths(page, 'test-results/screenshots/calendar', 'month-more-ar');
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'en'));
});
