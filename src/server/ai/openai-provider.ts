import { setTimeout as sleep } from 'node:timers/promises';
import { type AiProvider, AiProviderError, type CompleteOptions, type PromptMessage } from './provider';
import { createSseParser } from './sse';

export interface OpenAIConfig {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama); no trailing slash needed. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The whole call, streaming included, must end within this; a stall is cut and counts as failed. */
  timeoutMs: number;
  /** Waited before the one retry when the server does not say (Retry-After), and at most this × 4. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/** The most text an answer may hold: a model that never stops is cut here. */
const ANSWER_MAX = 200_000;

const isRetryable = (status: number) => status === 429 || status >= 500;

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp's server, Gemini's
 * compatibility endpoint). Streams (`stream: true`) and also reads a plain JSON answer from servers that
 * ignore streaming. One retry on 429 and 5xx; a timeout, a refusal (4xx) or a network error fails at once.
 */
export function createOpenAIProvider(config: OpenAIConfig): AiProvider {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = config.fetch ?? fetch;
  const baseDelay = config.retryDelayMs ?? 500;

  async function attempt(messages: PromptMessage[], options: CompleteOptions, signal: AbortSignal) {
    const response = await doFetch(url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream, application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages,
        stream: true,
        ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
        ...(options.json ? { response_format: { type: 'json_object' } } : {}),
      }),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    }
    const type = response.headers.get('content-type') ?? '';
    return {
      text: type.includes('text/event-stream')
        ? await readStream(response, options)
        : await readJson(response),
    };
  }

  return {
    model: config.model,
    async complete(messages, options = {}) {
      const signal = options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(config.timeoutMs)])
        : AbortSignal.timeout(config.timeoutMs);
      for (let tries = 1; ; tries += 1) {
        let result: Awaited<ReturnType<typeof attempt>>;
        try {
          result = await attempt(messages, options, signal);
        } catch (error) {
          if (error instanceof AiProviderError) throw error;
          const name = (error as Error).name;
          throw new AiProviderError(
            'failed',
            name === 'TimeoutError' || name === 'AbortError'
              ? 'The model did not answer in time.'
              : 'The model could not be reached.',
          );
        }
        if (result.text !== undefined) return result.text;
        if (tries >= 2 || !isRetryable(result.status))
          throw new AiProviderError('failed', `The model answered ${result.status}.`, result.status);
        // No header is "not said", not 0 (Number(null) is 0).
        const announced = result.retryAfter === null ? NaN : Number(result.retryAfter);
        const delay =
          Number.isFinite(announced) && announced >= 0
            ? Math.min(announced * 1000, baseDelay * 4)
            : baseDelay;
        // The wait ends with the call: a client that went away or the deadline stops it, not only the next try.
        try {
          await sleep(delay, undefined, { signal });
        } catch {
          throw new AiProviderError(
            'failed',
            options.signal?.aborted ? 'The call was cancelled.' : 'The model did not answer in time.',
          );
        }
      }
    },
  };
}

async function readJson(response: Response): Promise<string> {
  let body: unknown;
  try {
    body = JSON.parse(await bodyText(response));
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    throw new AiProviderError('invalid', 'The model answered something that is not JSON.');
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string' || !content.trim())
    throw new AiProviderError('invalid', 'The model answered without a message.');
  return content;
}

/** The body as text, refusing more than ANSWER_MAX characters (a reply that never ends). */
async function bodyText(response: Response): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body ?? []) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (text.length > ANSWER_MAX * 2) throw new AiProviderError('invalid', 'The model answered too much.');
  }
  return text + decoder.decode();
}

async function readStream(response: Response, options: CompleteOptions): Promise<string> {
  let text = '';
  let done = false;
  const parser = createSseParser((data) => {
    if (done) return;
    if (data.trim() === '[DONE]') {
      done = true;
      return;
    }
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      throw new AiProviderError('invalid', 'The model streamed something that is not JSON.');
    }
    const value = event as { error?: unknown; choices?: { delta?: { content?: unknown } }[] } | null;
    if (value?.error) throw new AiProviderError('failed', 'The model reported an error while answering.');
    if (!Array.isArray(value?.choices))
      throw new AiProviderError('invalid', 'The model streamed an unexpected event.');
    const piece = value.choices[0]?.delta?.content;
    if (typeof piece === 'string' && piece) {
      text += piece;
      if (text.length > ANSWER_MAX) throw new AiProviderError('invalid', 'The model answered too much.');
      options.onDelta?.(piece);
    }
  });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body ?? []) {
      parser.push(decoder.decode(chunk as Uint8Array, { stream: true }));
      if (done) break;
    }
    parser.end();
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    if ((error as Error).message === 'SSE line too long')
      throw new AiProviderError('invalid', 'The model streamed a line too long.');
    throw error;
  } finally {
    await response.body?.cancel().catch(() => undefined);
  }
  if (!text.trim()) throw new AiProviderError('invalid', 'The model answered without text.');
  return text;
}
