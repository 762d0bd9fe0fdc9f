import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type ChildServer, startServer } from '../test/child-server';
import { E2E_NETWORKS } from '../test/e2e-networks';
import { type FakeOpenAI, startFakeOpenAI } from '../test/fakes/openai';
import { ADMIN, expectAccessible, newPost, shootWidths, signInAs } from './helpers';

// Issue 12: the composer's AI actions without a model (the built-in analysis answers insights; Generate
// Content and Chat say that no model is configured) and with one (a fake OpenAI-compatible server).
const SHOTS = 'test-results/screenshots/ai';
const AR = JSON.parse(readFileSync('src/web/i18n/ar.json', 'utf8')) as {
  ai: Record<'title' | 'generatedAt', string>;
  aiPanel: Record<
    | 'generateInsights'
    | 'insightsGenerated'
    | 'chat'
    | 'message'
    | 'send'
    | 'generateContent'
    | 'prompt'
    | 'generate',
    string
  >;
};
test.use({ locale: 'en-US' });
// Two servers, a model call and screenshots at two widths in two languages: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const POST =
  'We are thrilled to launch our new scheduling app today! It is fast, friendly and free for small teams. ' +
  'Write once, publish everywhere: X, LinkedIn, Bluesky and more, all from one calendar that your whole ' +
  'team can share. Try it this week and tell us what you love most about planning posts ahead.';

const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

async function useArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('postwell.locale', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

async function writePost(page: Page, text: string, networks: string[]) {
  if ((await page.locator('#composer').count()) === 0) await newPost(page);
  const editor = page.getByRole('textbox', { name: /Post text|نص المنشور/ });
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.insertText(text);
  for (const network of networks) await page.getByText(network, { exact: true }).first().click();
  return editor;
}

test.describe('without a model', () => {
  test('Generate AI Insights reads the post; Generate Content and Chat say that no model is configured', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/posts');
    const editor = await writePost(page, POST, ['X', 'LinkedIn']);

    await page.getByRole('button', { name: 'Generate AI Insights' }).click();
    // The first call loads the built-in language model: allow it time on a busy machine.
    await expect(page.getByText('AI Insights generated successfully!')).toBeVisible({ timeout: 30_000 });
    const insights = page.getByRole('region', { name: 'AI Insights' });
    await expect(insights.getByText('Positive', { exact: true })).toBeVisible();
    // A recommendation naming a network and a figure: the post is too long for X.
    await expect(insights.getByText(/^X: \d+ characters over$/)).toBeVisible();
    const hashtags = insights.getByRole('checkbox');
    expect(await hashtags.count()).toBeGreaterThan(0);
    const tag = (await hashtags.first().getAttribute('aria-label'))!.match(/#(\S+)/)![1]!;
    // The chip's checkbox is drawn by its label: a user clicks the label.
    await insights.locator('label', { hasText: `#${tag}` }).click();
    await expect(editor).toContainText(`#${tag}`);
    await expectAccessible(page);
    await shoot(page, 'composer-insights-en');

    await page.getByRole('button', { name: 'Generate Content' }).click();
    const content = page.getByRole('dialog', { name: 'Generate Content' });
    await expect(content.getByText(/No AI model is configured/)).toBeVisible();
    await expect(content.getByRole('button', { name: 'Generate' })).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'content-no-model-en');
    await content.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Chat with AI' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat with AI' });
    await expect(chat.getByText(/No AI model is configured/)).toBeVisible();
    await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await chat.getByRole('button', { name: 'Close' }).click();

    await useArabic(page);
    await writePost(page, POST, ['X', 'LinkedIn']);
    await page.getByRole('button', { name: AR.aiPanel.generateInsights }).click();
    await expect(page.getByText(AR.aiPanel.insightsGenerated)).toBeVisible();
    await shoot(page, 'composer-insights-ar');
    await page.getByRole('button', { name: AR.aiPanel.chat }).click();
    await expect(page.getByRole('dialog', { name: AR.aiPanel.chat })).toBeVisible();
    await shoot(page, 'chat-no-model-ar');
  });
});

test.describe('stored insights', () => {
  test('a saved post opens again with the insights stored with it and when they were made', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/posts');
    await writePost(
      page,
      'Huge thanks to everyone who came to our open studio on Saturday! Your questions made our week. ' +
        'What should we build next? Tell us in the comments.',
      ['LinkedIn', 'Bluesky'],
    );
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save as draft' }).click();
    const { id } = (await (await saved).json()) as { id: string };

    // Opened for editing, Generate AI Insights stores them with the post.
    await page.goto(`/posts?edit=${id}`);
    await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'AI Insights' })).toHaveCount(0);
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/ai/generatePostInsights'));
    await page.getByRole('button', { name: 'Generate AI Insights' }).click();
    expect(JSON.parse((await stored).request().postData()!)).toMatchObject({ postId: id });
    await expect(page.getByText('AI Insights generated successfully!')).toBeVisible({ timeout: 30_000 });

    // Opened again later: the stored insights are there without asking, with when they were made.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/ai/generatePostInsights')) asked.push(r.url());
    });
    await page.goto('/dashboard');
    await page.goto(`/posts?edit=${id}`);
    const insights = page.getByRole('region', { name: 'AI Insights' });
    await expect(insights).toBeVisible({ timeout: 30_000 });
    await expect(insights.getByText('Positive', { exact: true })).toBeVisible();
    await expect(insights.getByText(/^Made .+\d{4}.+\d:\d\d/)).toBeVisible();
    expect(asked).toEqual([]);
    await expectAccessible(page);
    // From the top, so the fixed header does not sit over the composer in a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'composer-stored-insights-en');

    await useArabic(page);
    await page.goto(`/posts?edit=${id}`);
    const insightsAr = page.getByRole('region', { name: AR.ai.title });
    await expect(insightsAr).toBeVisible({ timeout: 30_000 });
    await expect(
      insightsAr.getByText(AR.ai.generatedAt.replace(' {{time}}', ''), { exact: false }),
    ).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'composer-stored-insights-ar');
  });
});

test.describe('with a model', () => {
  let ai: FakeOpenAI;
  let child: ChildServer;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ai = await startFakeOpenAI();
    dataDir = mkdtempSync(join(tmpdir(), 'postwell-e2e-ai-'));
    child = await startServer(
      {
        ...E2E_NETWORKS,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        AI_BASE_URL: ai.url,
        AI_MODEL: ai.model,
        AI_API_KEY: 'test-key',
        LOGIN_RATE_PER_MINUTE: '60',
      },
      // Next to the shared server's port (E2E_PORT), as 16-analytics.spec.ts does (+1).
      { port: Number(process.env.E2E_PORT ?? 3210) + 2, npmStart: true },
    );
  });

  test.afterAll(async () => {
    await child?.stop();
    await ai?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (browser: Browser) => {
    const context = await browser.newContext({ baseURL: child.base, locale: 'en-US' });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/posts');
    return page;
  };

  test('Generate Content puts the model text into the post; Chat thinks, answers, and shows a failing provider in red', async ({
    browser,
  }) => {
    const page = await open(browser);
    const editor = await writePost(page, 'Draft: ', ['LinkedIn']);

    ai.setMode({ kind: 'answer', text: 'Launch day! Postwell now schedules your posts everywhere.' });
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const content = page.getByRole('dialog', { name: 'Generate Content' });
    await content.getByRole('button', { name: 'Generate' }).click();
    await expect(content.getByText('Prompt required.')).toBeVisible();
    await content.getByRole('textbox', { name: /Prompt/ }).fill('Announce our launch');
    await content.getByPlaceholder('No tone').click();
    await page.getByRole('option', { name: 'Enthusiastic' }).click();
    await content.getByRole('button', { name: 'Generate' }).click();
    await expect(
      content.getByText('Launch day! Postwell now schedules your posts everywhere.'),
    ).toBeVisible();
    await expect(page.getByText('Content generated!')).toBeVisible();
    expect(ai.allPromptText()).toContain('Announce our launch');
    await expectAccessible(page);
    await shoot(page, 'content-en');
    await content.getByRole('button', { name: 'Insert into post' }).click();
    await expect(editor).toContainText('Launch day! Postwell now schedules your posts everywhere.');

    // A slow stream, so the thinking state can be seen.
    ai.setMode({ kind: 'stream', text: 'Ask a question at the end to invite replies.', delayMs: 150 });
    await page.getByRole('button', { name: 'Chat with AI' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat with AI' });
    const message = chat.getByRole('textbox', { name: 'Message' });
    await message.fill('   ');
    await chat.getByRole('button', { name: 'Send' }).click();
    const before = ai.chatCalls();
    await message.fill('How do I get more comments?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByText('AI is thinking...')).toBeVisible();
    await expect(chat.getByText('Ask a question at the end to invite replies.')).toBeVisible();
    await expect(chat.getByText('AI is thinking...')).toHaveCount(0);
    expect(ai.chatCalls() - before).toBeGreaterThanOrEqual(1);
    await expectAccessible(page);
    await shoot(page, 'chat-en');

    ai.setMode({ kind: 'fail', status: 500 });
    await message.fill('And hashtags?');
    await chat.getByRole('button', { name: 'Send' }).click();
    const failure = chat.getByRole('alert');
    await expect(failure).toHaveText('Failed to get chat response.', { timeout: 30_000 });
    // Red: the alert's colour (Mantine's --alert-color, a hex value) has a leading red channel.
    const colour = await failure.evaluate((e) =>
      getComputedStyle(e).getPropertyValue('--alert-color').trim(),
    );
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    expect(r! > g! + 60 && r! > b! + 60, `--alert-color ${colour}`).toBe(true);
    await expect(message).toHaveValue('And hashtags?');
    await shoot(page, 'chat-failure-en');

    ai.setMode({ kind: 'answer', text: 'مرحبًا! اطرح سؤالًا في نهاية المنشور.' });
    await useArabic(page);
    await newPost(page);
    await page.getByRole('button', { name: AR.aiPanel.chat }).click();
    const chatAr = page.getByRole('dialog', { name: AR.aiPanel.chat });
    await chatAr.getByRole('textbox', { name: AR.aiPanel.message }).fill('كيف أحصل على تعليقات أكثر؟');
    await chatAr.getByRole('button', { name: AR.aiPanel.send }).click();
    await expect(chatAr.getByText('مرحبًا! اطرح سؤالًا في نهاية المنشور.')).toBeVisible();
    await shoot(page, 'chat-ar');
    await chatAr.getByRole('button', { name: 'إغلاق' }).click();
    await page.getByRole('button', { name: AR.aiPanel.generateContent }).click();
    const contentAr = page.getByRole('dialog', { name: AR.aiPanel.generateContent });
    await contentAr.getByRole('textbox', { name: new RegExp(AR.aiPanel.prompt) }).fill('أعلن عن الإطلاق');
    await contentAr.getByRole('button', { name: AR.aiPanel.generate, exact: true }).click();
    await expect(contentAr.getByText('مرحبًا! اطرح سؤالًا في نهاية المنشور.')).toBeVisible();
    await shoot(page, 'content-ar');
    await page.context().close();
  });
});
