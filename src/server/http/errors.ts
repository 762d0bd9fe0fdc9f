import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/api/errors.schemas';

/** An error a service throws on purpose: its status, code and message reach the client as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Pick<ApiError, 'fields' | 'retryAfterSeconds' | 'problems' | 'params'> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found.`);

/**
 * The refusals of Fastify's router, before any route runs, in words of ours (its own messages repeat the
 * whole URL, which may be kilobytes long).
 */
const FRAMEWORK_ERRORS: Record<string, Pick<ApiError, 'code' | 'message'>> = {
  FST_ERR_BAD_URL: { code: 'BAD_URL', message: 'The URL has a percent-encoding that is not UTF-8.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'PARAMETER_TOO_LONG',
    message: 'A parameter in the URL is longer than 100 characters.',
  },
};

/** An error as the status and ApiError body the client gets; a 5xx is reported to `logBug` first. */
function toApiError(error: FastifyError | AppError, logBug: (error: unknown) => void): ApiError {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, ...error.extra };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      fields[field] ??= issue.message ?? 'errors.validation';
    }
    const where = error.validationContext ?? 'request';
    const list = Object.entries(fields).map(([f, m]) => `${f} (${m})`);
    return {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: `Invalid ${where}: ${list.join(', ')}`,
      fields,
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    logBug(error);
    return {
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on the server. The error was logged.',
    };
  }
  // Fastify's own client errors (bad JSON, body too large, wrong content type) and better-auth's keep
  // their status; better-auth puts its code in `body`.
  const framework = FRAMEWORK_ERRORS[error.code];
  if (framework) return { statusCode: status, ...framework };
  const body = (error as { body?: { code?: string; message?: string } }).body;
  return {
    statusCode: status,
    code: body?.code ?? error.code ?? 'BAD_REQUEST',
    message: body?.message ?? error.message,
  };
}

function sendApiError(reply: FastifyReply, answer: ApiError) {
  // A client told to wait is told how long in the standard header too, as the rate-limit plugin does.
  if (answer.retryAfterSeconds !== undefined && !reply.hasHeader('retry-after'))
    void reply.header('retry-after', String(answer.retryAfterSeconds));
  return reply.status(answer.statusCode).send(answer);
}

function respond(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  return sendApiError(
    reply,
    toApiError(error, (err) => request.log.error({ err }, 'request failed')),
  );
}

/** Answers every error as ApiError JSON; never a stack trace or SQL, and a 500 is logged as the bug it is. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(respond);
}

/** Fastify's `frameworkErrors`: the router's refusals (a bad URL) answer as ApiError like every other. */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
  void respond(error, request, reply);

/**
 * Fastify's `clientErrorHandler`, for what Node's HTTP parser refuses before there is a request: headers
 * (the URL included) over 16 KB, headers that took too long, a malformed request. The socket is answered
 * by hand, as Fastify's default does, but in the ApiError shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The URL and headers of a request may take at most 16 KB.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request did not arrive in time.']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ statusCode, code, message } satisfies ApiError);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
