/**
 * What the AI features ask of a language model: one chat completion, streamed or not. The server has at
 * most one configured model (an OpenAI-compatible endpoint, see openai-provider.ts); the built-in
 * offline analysis (offline/) is not a provider of this kind since it cannot write text.
 */

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompleteOptions {
  /** Cancels the call (the client went away). The provider adds its own timeout. */
  signal?: AbortSignal;
  /** Called with each piece of text as it streams in. */
  onDelta?: (text: string) => void;
  /** Upper bound on the answer's length in tokens. */
  maxTokens?: number;
  /** Ask for a JSON object (OpenAI's `response_format`), for calls that parse the answer. */
  json?: boolean;
}

export interface AiProvider {
  /** The model's name, for logs. */
  readonly model: string;
  /** The whole answer's text. Throws `AiProviderError`. */
  complete(messages: PromptMessage[], options?: CompleteOptions): Promise<string>;
}

/**
 * `failed`: refused, unreachable, timed out, or failed twice; `invalid`: answered, but not a chat
 * completion we can read. The routes map them to 424 `ai_failed` and `ai_invalid_response`.
 */
export class AiProviderError extends Error {
  constructor(
    readonly kind: 'failed' | 'invalid',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
