import { json, startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server';

/**
 * A fake OpenAI-compatible chat-completions endpoint (what OpenAI, Ollama, vLLM, llama.cpp's server and
 * Gemini's compatibility layer speak): `POST /v1/chat/completions` and `GET /v1/models`, on 127.0.0.1.
 * It records every request so tests can read the prompts the server sent, and it can be told how to
 * answer:
 *
 *   const ai = await startFakeOpenAI();
 *   process.env.AI_BASE_URL = ai.url;            // http://127.0.0.1:{port}/v1
 *   ai.setMode({ kind: 'answer', text: 'Hello' }); // JSON, or SSE when the request asks `stream: true`
 *   ai.setMode({ kind: 'stream', text: 'Hello' }); // SSE whatever the request asked, in small chunks
 *   ai.setMode({ kind: 'malformed', variant: 'not-json' | 'wrong-shape' | 'bad-stream' });
 *   ai.setMode({ kind: 'stall' });                 // never answers (the client's timeout must cut it)
 *   ai.setMode({ kind: 'fail', status: 500 });     // every call answers 500 (or the status given)
 *   ai.next({ kind: 'fail', status: 429 });        // only the next call answers 429, then the mode again
 *   ai.prompts()                                    // the messages of every chat request, in order
 *   await ai.close();
 *
 * The fake-server's own fault injection (`ai.server.fault.next('500')`) works too.
 */

export type FakeOpenAIMode =
  | { kind: 'answer'; text: string | ((req: FakeRequest) => string) }
  | { kind: 'stream'; text: string | ((req: FakeRequest) => string); chunkSize?: number; delayMs?: number }
  | { kind: 'malformed'; variant?: 'not-json' | 'wrong-shape' | 'bad-stream' }
  | { kind: 'stall'; afterChunks?: boolean }
  | { kind: 'fail'; status?: number };

/** One chat message as the client sent it. */
export interface FakeChatMessage {
  role: string;
  content: string;
}

export interface FakeOpenAI {
  /** The base URL to configure as AI_BASE_URL, e.g. `http://127.0.0.1:4321/v1`. */
  url: string;
  /** The model `/v1/models` lists. */
  model: string;
  server: FakeServer;
  /** Every request received (chat completions and model lists). */
  readonly requests: FakeServer['requests'];
  /** The answer mode for every call from now on. */
  setMode(mode: FakeOpenAIMode): void;
  /** A one-shot mode for the next chat call only (queued: several calls to `next` apply in order). */
  next(mode: FakeOpenAIMode): void;
  /** The messages of each chat-completions request, oldest first. */
  prompts(): FakeChatMessage[][];
  /** Every message text the fake has seen, joined: handy for "no other user's text was sent". */
  allPromptText(): string;
  /** Chat-completions requests received. */
  chatCalls(): number;
  /** Forgets recorded requests and queued one-shot modes; the mode goes back to answering 'OK'. */
  reset(): void;
  close(): Promise<void>;
}

const textOf = (mode: { text: string | ((req: FakeRequest) => string) }, req: FakeRequest) =>
  typeof mode.text === 'function' ? mode.text(req) : mode.text;

const completion = (model: string, text: string) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

/** `text` as server-sent events, `chunkSize` characters per delta, ending with `[DONE]`. */
function sseChunks(model: string, text: string, chunkSize = 4): string[] {
  const chunks: string[] = [];
  const event = (delta: Record<string, string>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  chunks.push(event({ role: 'assistant' }));
  for (let i = 0; i < text.length; i += chunkSize)
    chunks.push(event({ content: text.slice(i, i + chunkSize) }));
  chunks.push(event({}, 'stop'));
  chunks.push('data: [DONE]\n\n');
  return chunks;
}

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

function reply(mode: FakeOpenAIMode, req: FakeRequest, model: string): FakeReply {
  const wantsStream = (req.json as { stream?: unknown } | undefined)?.stream === true;
  switch (mode.kind) {
    case 'answer':
      return wantsStream
        ? { status: 200, headers: SSE_HEADERS, chunks: sseChunks(model, textOf(mode, req)) }
        : json(200, completion(model, textOf(mode, req)));
    case 'stream':
      return {
        status: 200,
        headers: SSE_HEADERS,
        chunks: sseChunks(model, textOf(mode, req), mode.chunkSize),
        chunkDelayMs: mode.delayMs,
      };
    case 'malformed':
      if (mode.variant === 'wrong-shape') return json(200, { choices: 'nope', answer: 42 });
      if (mode.variant === 'bad-stream')
        return { status: 200, headers: SSE_HEADERS, chunks: ['data: {not json\n\n', 'data: [DONE]\n\n'] };
      return { status: 200, headers: { 'content-type': 'application/json' }, body: '<html>not json' };
    case 'stall':
      // Headers and a first piece, then silence: a stream that stops half-way.
      return mode.afterChunks
        ? {
            status: 200,
            headers: SSE_HEADERS,
            chunks: sseChunks(model, 'Half').slice(0, 2),
            stallAfterChunks: true,
          }
        : { status: 0, hang: true };
    case 'fail': {
      const status = mode.status ?? 500;
      return json(
        status,
        { error: { message: `fake failure ${status}`, type: 'server_error' } },
        status === 429 ? { 'retry-after': '0' } : {},
      );
    }
  }
}

export async function startFakeOpenAI(options: { model?: string } = {}): Promise<FakeOpenAI> {
  const model = options.model ?? 'fake-model';
  let mode: FakeOpenAIMode = { kind: 'answer', text: 'OK' };
  const queue: FakeOpenAIMode[] = [];

  const server = await startFakeServer('openai', (req) => {
    if (req.method === 'GET' && req.path === '/v1/models')
      return json(200, { object: 'list', data: [{ id: model, object: 'model', owned_by: 'fake' }] });
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') return undefined;
    const body = req.json as { messages?: unknown } | undefined;
    if (!body || !Array.isArray(body.messages))
      return json(400, { error: { message: 'messages is required', type: 'invalid_request_error' } });
    return reply(queue.shift() ?? mode, req, model);
  });

  const chatRequests = () =>
    server.requests.filter((req) => req.method === 'POST' && req.path === '/v1/chat/completions');
  const prompts = () =>
    chatRequests().map((req) => {
      const messages = (req.json as { messages?: unknown } | undefined)?.messages;
      return Array.isArray(messages)
        ? messages.map((m) => ({
            role: String((m as { role?: unknown }).role),
            content: String((m as { content?: unknown }).content),
          }))
        : [];
    });

  return {
    url: `${server.url}/v1`,
    model,
    server,
    get requests() {
      return server.requests;
    },
    setMode: (next) => {
      mode = next;
    },
    next: (one) => void queue.push(one),
    prompts,
    allPromptText: () =>
      prompts()
        .flat()
        .map((m) => m.content)
        .join('\n'),
    chatCalls: () => chatRequests().length,
    reset: () => {
      server.requests.length = 0;
      queue.length = 0;
      server.fault.clear();
      mode = { kind: 'answer', text: 'OK' };
    },
    close: () => server.close(),
  };
}
