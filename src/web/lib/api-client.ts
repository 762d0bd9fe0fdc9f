import type { ApiError } from '../../shared/api/errors.schemas';
import { currentWorkspace } from './workspace';

/**
 * An error body as the client reads it: the server's `code` is one of shared/api/error-codes.ts, but a
 * server of another version may send one this app does not know, and the client has two of its own:
 * NETWORK_ERROR (no answer) and HTTP_ERROR (an answer that is not an ApiError).
 */
type ErrorBody = Omit<ApiError, 'code'> & { code: string };

/** A failed API call, carrying the server's ApiError body (or a network failure as status 0). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly params?: Record<string, string | number>;
  /** POST_NOT_PUBLISHABLE: what each network would refuse (shared/platforms/validate.ts's problems). */
  readonly problems?: Record<string, unknown>[];

  constructor(body: ErrorBody) {
    super(body.message);
    this.status = body.statusCode;
    this.code = body.code;
    this.fields = body.fields;
    this.retryAfterSeconds = body.retryAfterSeconds;
    this.params = body.params;
    this.problems = body.problems;
  }
}

let onUnauthorized: (() => void) | undefined;

/** The session layer registers what a 401 does: sign the user out (spec section 4). */
export function setUnauthorizedHandler(handler: (() => void) | undefined) {
  onUnauthorized = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Where a 401 is an answer, not an ended session (sign-in, the session probe). */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
  /** False: asked outside any workspace (the list of workspaces), so a stale one cannot fail it. */
  workspace?: boolean;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const workspace = options.workspace === false ? undefined : currentWorkspace();
    if (workspace) headers['x-postwell-workspace'] = workspace;
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'errors.network' });
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (response.ok) return data as T;
  if (response.status === 401 && !options.expectUnauthorized) onUnauthorized?.();
  const body = (data && typeof data === 'object' ? data : {}) as Partial<ErrorBody>;
  throw new ApiRequestError({
    statusCode: response.status,
    code: body.code ?? 'HTTP_ERROR',
    message: body.message ?? response.statusText,
    fields: body.fields,
    retryAfterSeconds: body.retryAfterSeconds,
    params: body.params,
    problems: body.problems,
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POSTs one file as multipart form data in a field named "file" (the JSON `api` sends no files), in the
 * tab's workspace like every other call. A refusal comes back as the API's error, its params for the
 * translated message.
 */
export async function postFile<T>(path: string, file: File): Promise<T> {
  const body = new FormData();
  body.append('file', file, file.name);
  const workspace = currentWorkspace();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: workspace ? { 'x-postwell-workspace': workspace } : {},
    });
  } catch {
    throw new ApiRequestError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'errors.network' });
  }
  const data = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
  if (response.status === 401) onUnauthorized?.();
  if (!response.ok)
    throw new ApiRequestError({
      statusCode: response.status,
      code: data.code ?? 'HTTP_ERROR',
      message: data.message ?? response.statusText,
      params: data.params,
      retryAfterSeconds: data.retryAfterSeconds,
    });
  return data as T;
}
