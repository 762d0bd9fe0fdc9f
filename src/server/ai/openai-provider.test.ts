import { describe, expect, it } from 'vitest';
import { createOpenAIProvider } from './openai-provider';
import { AiProviderError } from './provider';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const answer = json(200, { choices: [{ message: { content: 'Hello' } }] });

/** A fetch that answers from a list, counting the calls. */
function fakeFetch(answers: (() => Response)[]) {
  const calls: number[] = [];
  const fetch = (async () => {
    calls.push(Date.now());
    return answers[Math.min(calls.length - 1, answers.length - 1)]!();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const messages = [{ role: 'user' as const, content: 'Hi' }];

describe('the OpenAI-compatible provider', () => {
  it('waits before its one retry after a 429, then answers', async () => {
    const fake = fakeFetch([() => json(429, {}, { 'retry-after': '0' }), () => answer.clone()]);
    const provider = createOpenAIProvider({
      baseUrl: 'http://model.test/v1',
      model: 'm',
      timeoutMs: 5000,
      retryDelayMs: 50,
      fetch: fake.fetch,
    });
    await expect(provider.complete(messages)).resolves.toBe('Hello');
    expect(fake.calls).toHaveLength(2);
  });

  it("stops waiting for the retry as soon as the caller's signal aborts", async () => {
    const fake = fakeFetch([() => json(503, {}), () => answer.clone()]);
    const provider = createOpenAIProvider({
      baseUrl: 'http://model.test/v1',
      model: 'm',
      timeoutMs: 60_000,
      // A wait far longer than the test: only the abort can end it.
      retryDelayMs: 30_000,
      fetch: fake.fetch,
    });
    const controller = new AbortController();
    const started = Date.now();
    const call = provider.complete(messages, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).kind).toBe('failed');
    expect((error as AiProviderError).message).toBe('The call was cancelled.');
    expect(Date.now() - started).toBeLessThan(2000);
    // No second request after the caller went away.
    expect(fake.calls).toHaveLength(1);
  });

  it('stops waiting for the retry when the call runs out of time', async () => {
    const fake = fakeFetch([() => json(500, {}), () => answer.clone()]);
    const provider = createOpenAIProvider({
      baseUrl: 'http://model.test/v1',
      model: 'm',
      timeoutMs: 100,
      retryDelayMs: 30_000,
      fetch: fake.fetch,
    });
    const started = Date.now();
    await expect(provider.complete(messages)).rejects.toThrow('The model did not answer in time.');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.calls).toHaveLength(1);
  });
});
