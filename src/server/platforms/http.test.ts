import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from './contract';
import { headersFrom, requestJson, retryAfterMs } from './http';

/** What the server last received: method, path, headers and body. */
let received: { method: string; url: string; headers: IncomingMessage['headers']; body: string };
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received = {
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      const path = request.url!;
      if (path === '/moved') {
        response.writeHead(307, { location: '/json' });
        return response.end();
      }
      if (path === '/slow') return setTimeout(() => response.end('{}'), 2000);
      if (path === '/limited') {
        response.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' });
        return response.end('{"error":"slow down"}');
      }
      if (path === '/refused') {
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end('{"detail":"text too long"}');
      }
      if (path === '/html') return response.end('<html>maintenance</html>');
      if (path === '/empty') return response.writeHead(204).end();
      response.writeHead(200, { 'content-type': 'application/json', 'x-restli-id': 'urn:li:share:1' });
      response.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const signal = () => AbortSignal.timeout(1000);

describe('requestJson', () => {
  it('sends each kind of body with the content type fetch would give it, unless one is named', async () => {
    await requestJson('twitter', `${base}/json`, { method: 'POST', body: 'plain', signal: signal() });
    expect(received.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(received.body).toBe('plain');

    await requestJson('twitter', `${base}/json`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'a b&c' }),
      signal: signal(),
    });
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(new URLSearchParams(received.body).get('refresh_token')).toBe('a b&c');

    const form = new Blob(['--x\r\n'], { type: 'multipart/form-data; boundary=x' });
    await requestJson('twitter', `${base}/json`, { method: 'POST', body: form, signal: signal() });
    expect(received.headers['content-type']).toBe('multipart/form-data; boundary=x');
    expect(received.body).toBe('--x\r\n');

    await requestJson('linkedin', `${base}/json`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', authorization: 'Bearer t' },
      body: new Blob(['bytes']),
      signal: signal(),
    });
    expect(received.method).toBe('PUT');
    expect(received.headers['content-type']).toBe('application/octet-stream');
    expect(received.headers.authorization).toBe('Bearer t');
    expect(received.body).toBe('bytes');
  });

  it('answers the parsed JSON and headers readable by any case; an empty body is null', async () => {
    const answer = await requestJson('linkedin', `${base}/json`, { method: 'GET', signal: signal() });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(answer.headers.get('X-RestLi-Id')).toBe('urn:li:share:1');
    expect(answer.headers.get('etag')).toBeNull();
    const empty = await requestJson('linkedin', `${base}/empty`, { method: 'POST', signal: signal() });
    expect(empty).toMatchObject({ status: 204, body: null });
  });

  it('follows a redirect as fetch did', async () => {
    const answer = await requestJson('tiktok', `${base}/moved`, { method: 'GET', signal: signal() });
    expect(answer.body).toEqual({ ok: true });
    expect(received.url).toBe('/json');
  });

  it('classifies failures: rate limit, refusal with the network message, unexpected, timeout, unreachable', async () => {
    const failure = (url: string, options: Partial<Parameters<typeof requestJson>[2]> = {}) =>
      requestJson('twitter', url, { method: 'GET', signal: signal(), ...options }).then(
        () => undefined,
        (error: unknown) => error as PlatformError,
      );
    expect(await failure(`${base}/limited`)).toMatchObject({
      kind: 'transient',
      options: { code: 'rate_limited', retryAfterMs: 7000, status: 429 },
    });
    const refused = await failure(`${base}/refused`, {
      errorMessage: (body) => (body as { detail?: string }).detail,
    });
    expect(refused).toBeInstanceOf(PlatformError);
    expect(refused).toMatchObject({ kind: 'permanent', message: 'text too long', options: { status: 400 } });
    expect(await failure(`${base}/html`)).toMatchObject({
      kind: 'permanent',
      options: { code: 'unexpected_answer' },
    });
    expect(await failure(`${base}/slow`, { signal: AbortSignal.timeout(100) })).toMatchObject({
      kind: 'transient',
      options: { code: 'timeout' },
    });
    // A port nothing listens on: this server's, once it is closed, is not known to be free, so use 1.
    expect(await failure('http://127.0.0.1:1/json')).toMatchObject({
      kind: 'transient',
      options: { code: 'unreachable' },
    });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, a date, or a reset time, from headers as any client gives them', () => {
    const now = Date.parse('2026-11-25T00:00:00Z');
    expect(retryAfterMs(headersFrom({ 'Retry-After': '3' }), now)).toBe(3000);
    expect(retryAfterMs(headersFrom({ 'retry-after': 'Wed, 25 Nov 2026 00:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(headersFrom({ 'x-rate-limit-reset': String(now / 1000 + 60) }), now)).toBe(60_000);
    expect(retryAfterMs(headersFrom({ 'ratelimit-reset': ['5', '9'] }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'ratelimit-reset': '5' }), now)).toBe(5000);
  });
});
