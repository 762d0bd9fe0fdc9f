import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

describe('the log', () => {
  it("keeps a failed query's text and code, never its parameters or the row's values", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into users (email, token) values ($1, $2)',
      ['ada@example.com', 'tok-secret'],
      cause,
    );
    const { logger, text } = capture();
    logger.error({ err: error }, 'request failed');
    const logged = text();
    expect(logged).toContain('insert into users (email, token) values ($1, $2)');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('tok-secret');
    expect(logged).not.toContain('ada@example.com');
  });

  it('redacts cookies and authorization headers', () => {
    const { logger, text } = capture();
    logger.info(
      { req: { headers: { cookie: 'postwell.session_token=abc', authorization: 'Bearer xyz' } } },
      'request',
    );
    expect(text()).not.toMatch(/abc|xyz/);
  });
});
