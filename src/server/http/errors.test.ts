import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIError } from 'better-auth/api';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { AppError, libraryRefusal, registerErrorHandling } from './errors';

/** A bare Fastify app with our error handler, and routes that fail the ways the real ones can. */
const app = Fastify({ logger: false, bodyLimit: 64 });
registerErrorHandling(app);
app.post('/json', async () => ({ ok: true }));
app.get('/app-error', async () => {
  throw new AppError(409, 'TOO_MANY_TEMPLATES', 'You already have 3 templates.', { params: { max: 3 } });
});
app.get('/library/:code', async (request) => {
  throw new APIError('BAD_REQUEST', {
    code: (request.params as { code: string }).code,
    message: 'the library’s words',
  });
});
app.get('/library-refusal/:status/:code', async (request) => {
  const { status, code } = request.params as { status: string; code: string };
  throw libraryRefusal(Number(status), code, 'the library’s words');
});
app.get('/other/:status', async (request) => {
  throw Object.assign(new Error('a plugin’s refusal'), {
    statusCode: Number((request.params as { status: string }).status),
    code: 'FST_SOMETHING_OF_ITS_OWN',
  });
});

beforeAll(() => app.ready());
afterAll(() => app.close());

/** The answer's body, which must be an ApiError with a code of the vocabulary (the enum refuses others). */
const answer = async (request: InjectOptions) => {
  const response = await app.inject(request);
  const body = ApiErrorSchema.parse(response.json());
  expect(body.statusCode).toBe(response.statusCode);
  return body;
};

describe('the error handler speaks only the vocabulary', () => {
  it('passes an AppError on as it was thrown', async () => {
    expect(await answer({ method: 'GET', url: '/app-error' })).toEqual({
      statusCode: 409,
      code: 'TOO_MANY_TEMPLATES',
      message: 'You already have 3 templates.',
      params: { max: 3 },
    });
  });

  it('names Fastify’s own refusals by their status', async () => {
    const big: InjectOptions = { method: 'POST', url: '/json', payload: { text: 'x'.repeat(100) } };
    expect(await answer(big)).toMatchObject({ statusCode: 413, code: 'BODY_TOO_LARGE' });
    const csv: InjectOptions = {
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    };
    expect(await answer(csv)).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const garbage: InjectOptions = {
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    };
    expect(await answer(garbage)).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
    expect(await answer({ method: 'GET', url: '/other/409' })).toMatchObject({
      statusCode: 409,
      code: 'BAD_REQUEST',
      message: 'a plugin’s refusal',
    });
    expect(await answer({ method: 'GET', url: '/other/429' })).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('keeps the auth library’s codes that the vocabulary has, and names the others AUTH_ERROR', async () => {
    expect(
      await answer({ method: 'GET', url: '/library/USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' }),
    ).toMatchObject({
      statusCode: 400,
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'the library’s words',
    });
    expect(await answer({ method: 'GET', url: '/library/SOMETHING_ELSE' })).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST',
    });
    expect(
      await answer({ method: 'GET', url: '/library-refusal/401/INVALID_EMAIL_OR_PASSWORD' }),
    ).toMatchObject({
      statusCode: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    expect(
      await answer({ method: 'GET', url: '/library-refusal/403/CROSS_SITE_NAVIGATION_LOGIN_BLOCKED' }),
    ).toEqual({
      statusCode: 403,
      code: 'AUTH_ERROR',
      message: 'the library’s words',
    });
  });

  it('answers a 5xx of the library as the bug it is, in our words', async () => {
    expect(await answer({ method: 'GET', url: '/library-refusal/500/FAILED_TO_GET_SESSION' })).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on the server. The error was logged.',
    });
  });
});
