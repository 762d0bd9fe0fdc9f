import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  type ApiErrorCode,
  type ApiErrorParam,
  type ApiErrorStatus,
  isApiErrorCode,
} from '../../shared/api/error-codes';
import type { ApiError } from '../../shared/api/errors.schemas';

type Params = NonNullable<ApiError['params']>;
type Extra = Pick<ApiError, 'fields' | 'retryAfterSeconds' | 'problems' | 'params'>;
/** A code whose text has placeholders must be thrown with their values (error-codes.ts `params`). */
type ExtraArgument<C extends ApiErrorCode> = [ApiErrorParam<C>] extends [never]
  ? [extra?: Extra]
  : [extra: Extra & { params: Record<ApiErrorParam<C>, string | number> & Params }];

/**
 * An error a service throws on purpose: its status, code and message reach the client as they are. The
 * code is one of the vocabulary (shared/api/error-codes.ts) and the status one that code comes with.
 */
export class AppError<C extends ApiErrorCode = ApiErrorCode> extends Error {
  readonly extra: Extra;

  constructor(
    readonly statusCode: ApiErrorStatus<C>,
    readonly code: C,
    message: string,
    ...[extra = {}]: ExtraArgument<C>
  ) {
    super(message);
    this.extra = extra;
  }
}

export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found.`);

/**
 * The auth library's refusal as it answered it: its status, and its code when the vocabulary has it,
 * else AUTH_ERROR. A 5xx of the library is a bug of ours to log, not a refusal to pass on.
 */
export function libraryRefusal(status: number, code: string | undefined, message: string): Error {
  if (status >= 500) return new Error(`the auth library answered ${status}: ${code ?? ''} ${message}`);
  // The library chose the status; error-codes.ts lists the ones its codes come with.
  return new AppError(
    status as ApiErrorStatus<ApiErrorCode>,
    isApiErrorCode(code) ? code : 'AUTH_ERROR',
    message,
  );
}

/**
 * The refusals of Fastify's router, before any route runs, in words of ours (its own messages repeat the
 * whole URL, which may be kilobytes long).
 */
const FRAMEWORK_ERRORS: Partial<Record<string, Pick<ApiError, 'code' | 'message'>>> = {
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
  // their status; better-auth puts its code in `body`. A code outside the vocabulary (Fastify's FST_…)
  // is named by the status.
  const framework = FRAMEWORK_ERRORS[error.code];
  if (framework) return { statusCode: status, ...framework };
  const body = (error as { body?: { code?: string; message?: string } }).body;
  const code = body?.code ?? error.code;
  return {
    statusCode: status,
    code: isApiErrorCode(code) ? code : (CODE_OF_STATUS[status] ?? 'BAD_REQUEST'),
    message: body?.message ?? error.message,
  };
}

/** The code of a client error whose own code is not one of ours; any other 4xx is a BAD_REQUEST. */
const CODE_OF_STATUS: Partial<Record<number, ApiErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'BODY_TOO_LARGE',
  414: 'PARAMETER_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

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
  const [statusCode, code, message]: [number, ApiErrorCode, string] =
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
