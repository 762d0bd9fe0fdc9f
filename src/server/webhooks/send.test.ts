import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver';
import type { Resolver } from './address-policy';
import { sendWebhook } from './send';

describe('sending one delivery', () => {
  let receiver: WebhookReceiver;
  let port: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    port = new URL(receiver.url).port;
  });
  afterAll(async () => receiver?.close());

  /** A name that resolved to a public address at registration and now answers with loopback (rebinding). */
  const rebound: Resolver = async (host) => {
    if (host !== 'hooks.example') throw new Error('ENOTFOUND');
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const request = (allowPrivate: boolean, url = `http://hooks.example:${port}/in`) => ({
    url,
    body: '{"ok":true}',
    headers: { 'content-type': 'application/json' },
    timeoutMs: 2000,
    policy: { allowPrivate, allowHttp: true },
    resolve: rebound,
  });

  it('refuses a name that now resolves to a private address, without connecting', async () => {
    expect(await sendWebhook(request(false))).toEqual({ kind: 'error', code: 'address_refused' });
    expect(receiver.received).toHaveLength(0);
    expect(
      await sendWebhook({
        ...request(false),
        url: `https://hooks.example:${port}/in`,
        policy: { allowPrivate: false, allowHttp: false },
      }),
    ).toEqual({ kind: 'error', code: 'address_refused' });
    expect(await sendWebhook({ ...request(true), policy: { allowPrivate: true, allowHttp: false } })).toEqual(
      {
        kind: 'error',
        code: 'scheme_refused',
      },
    );
  });

  it('connects to the address it checked, with the host name in the request', async () => {
    receiver.answerBody = 'accepted\u0000\u001b[2J then more';
    const result = await sendWebhook(request(true));
    expect(result).toEqual({ kind: 'answered', status: 200, excerpt: 'accepted [2J then more' });
    expect(receiver.received.at(-1)).toMatchObject({ path: '/in', body: '{"ok":true}' });
    expect(receiver.received.at(-1)!.headers.host).toBe(`hooks.example:${port}`);
  });

  it('gives up on a receiver that does not answer in time, and on a closed port', async () => {
    // A server that takes the request and never answers.
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const hangPort = (hanging.address() as AddressInfo).port;
    const started = Date.now();
    expect(
      await sendWebhook({ ...request(true, `http://hooks.example:${hangPort}/`), timeoutMs: 300 }),
    ).toEqual({
      kind: 'error',
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    hanging.closeAllConnections();
    hanging.close();
    expect(await sendWebhook(request(true, 'http://hooks.example:9/'))).toEqual({
      kind: 'error',
      code: 'unreachable',
    });
  });
});
