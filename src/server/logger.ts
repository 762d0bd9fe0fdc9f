import { type DestinationStream, type Logger, pino, stdSerializers } from 'pino';

type Serialized = Record<string, unknown>;

/** The text without a failed query's parameters (drizzle writes them into the message, before the trace). */
const withoutParams = (text: unknown) => {
  if (typeof text !== 'string') return text;
  const at = text.indexOf('\nparams:');
  if (at === -1) return text;
  const trace = text.indexOf('\n    at ', at);
  return text.slice(0, at) + (trace === -1 ? '' : text.slice(trace));
};

const serializeError = (error: Error): unknown => {
  const serialized = scrubError(stdSerializers.err(error)) as Serialized;
  if (error.cause instanceof Error && !serialized.cause) serialized.cause = serializeError(error.cause);
  return serialized;
};

/**
 * An error as the log may keep it: a failed query's text and the database's error code, never the
 * query's parameters (a user's post, a token, a password hash) nor PostgreSQL's `detail`, which
 * repeats the values of a refused row.
 */
export function scrubError(error: unknown, depth = 0): unknown {
  if (!error || typeof error !== 'object' || depth > 5) return error;
  const { params: _params, detail: _detail, where: _where, ...rest } = error as Serialized;
  rest.message = withoutParams(rest.message);
  rest.stack = withoutParams(rest.stack);
  if (rest.cause) rest.cause = scrubError(rest.cause, depth + 1);
  return rest;
}

/** The app's logger: secrets in headers redacted, errors scrubbed of the values they carried. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { err: serializeError },
    },
    destination,
  );
}
