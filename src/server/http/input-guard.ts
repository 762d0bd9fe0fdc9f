import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * C0 control characters other than tab, line feed and carriage return. None has a place in a name, a
 * post or a token, and NUL cannot even be stored (PostgreSQL refuses it in text and jsonb). One
 * character class, so the test is linear in the input.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const hasControlCharacter = (text: string) => CONTROL.test(text);

/**
 * The path (`targets.0.platform`) of the first string, or object key, holding a control character.
 * Walks with an explicit stack, so a deeply nested body cannot exhaust the call stack.
 */
export function findControlCharacter(value: unknown): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? '' : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      if (hasControlCharacter(item)) return path;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (hasControlCharacter(key)) return join(path, key.replace(CONTROL, '?'));
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return undefined;
}

const PARTS = [
  ['params', (r: FastifyRequest) => r.params],
  ['querystring', (r: FastifyRequest) => r.query],
  ['body', (r: FastifyRequest) => r.body],
] as const;

/**
 * Decides once, at the edge, for every string a route receives (path parameters, query, JSON body):
 * one with a control character is refused with a 400 naming the field, before any route reads it.
 * An empty JSON body counts as no body, as many API clients send the header on every call.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, read] of PARTS) {
      const field = findControlCharacter(read(request));
      if (field === undefined) continue;
      const name = field || part;
      return done(
        new AppError(400, 'VALIDATION_ERROR', `Invalid ${part}: ${name} (errors.controlCharacters)`, {
          fields: { [name]: 'errors.controlCharacters' },
        }),
      );
    }
    done();
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
