import type { FastifyError, FastifyInstance } from 'fastify';
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

/** Answers every error as ApiError JSON; never a stack trace or SQL, and a 500 is logged as the bug it is. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // Whatever asks the client to wait says so in the header too, for clients that read only that.
      if (error.extra.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...error.extra,
      } satisfies ApiError);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[field] ??= issue.message ?? 'errors.validation';
      }
      const where = error.validationContext ?? 'request';
      const list = Object.entries(fields).map(([f, m]) => `${f} (${m})`);
      return reply.status(400).send({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: `Invalid ${where}: ${list.join(', ')}`,
        fields,
      } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on the server. The error was logged.',
      } satisfies ApiError);
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) and better-auth's keep
    // their status; better-auth puts its code in `body`.
    const body = (error as { body?: { code?: string; message?: string } }).body;
    return reply.status(status).send({
      statusCode: status,
      code: body?.code ?? error.code ?? 'BAD_REQUEST',
      message: body?.message ?? error.message,
    } satisfies ApiError);
  });
}
