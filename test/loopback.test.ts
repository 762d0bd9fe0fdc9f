import dns from 'node:dns';
import { lookup as importedLookup } from 'node:dns/promises';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LOOPBACK, refuseOffLoopback } from './loopback';

// Addresses and names that lead nowhere even if a guard let them through (TEST-NET-1, RFC 5737; the
// reserved `.invalid`, RFC 2606).
const OFF_HOST = '192.0.2.1';
const OFF_NAME = 'postwell.invalid';

/** A lookup of the caller's own, as the webhook sender pins the address it checked. */
const pinnedTo =
  (address: string): net.LookupFunction =>
  (_host, options, callback) =>
    options.all
      ? (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
          { address, family: 4 },
        ])
      : callback(null, address, 4);

/** How a connection to host:port ends: 'connected', or its error's message. */
function connectOutcome(host: string, port: number, lookup?: net.LookupFunction): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, ...(lookup ? { lookup } : {}) });
    socket.setTimeout(5000, () => socket.destroy(new Error('timed out')));
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error) => resolve(error.message));
  });
}

async function withServer<T>(run: (port: number) => Promise<T>): Promise<T> {
  const server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  try {
    return await run((server.address() as net.AddressInfo).port);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('refuseOffLoopback', () => {
  let guard: ReturnType<typeof refuseOffLoopback> | undefined;
  afterEach(() => guard?.restore());

  it('refuses a connection off loopback, and lets one to 127.0.0.1 or localhost through', async () => {
    guard = refuseOffLoopback();
    expect(await connectOutcome(OFF_HOST, 80)).toMatch(/refused by the test/);
    await expect(fetch(`http://${OFF_NAME}/`)).rejects.toThrow();
    await withServer(async (port) => {
      expect(await connectOutcome(LOOPBACK, port)).toBe('connected');
      expect(await connectOutcome('localhost', port)).toBe('connected');
      // A name with its own lookup is judged by the address that lookup gives.
      expect(await connectOutcome(OFF_NAME, port, pinnedTo(LOOPBACK))).toBe('connected');
      expect(await connectOutcome(OFF_NAME, port, pinnedTo(OFF_HOST))).toMatch(/refused by the test/);
    });
    expect(guard.refused).toEqual([
      `connect ${OFF_HOST}`,
      `connect ${OFF_NAME}`,
      `connect ${OFF_NAME} (${OFF_HOST})`,
    ]);
  });

  it('refuses DNS lookups and queries of other names, in every form', async () => {
    guard = refuseOffLoopback();
    const callbackLookup = await new Promise<Error | null>((resolve) =>
      dns.lookup(OFF_NAME, (error) => resolve(error)),
    );
    expect(callbackLookup?.message).toMatch(/refused by the test/);
    await expect(dns.promises.lookup(OFF_NAME)).rejects.toThrow(/refused by the test/);
    await expect(importedLookup(OFF_NAME)).rejects.toThrow(/refused by the test/);
    await expect(dns.promises.resolveTxt(OFF_NAME)).rejects.toThrow(/refused by the test/);
    await expect(new dns.promises.Resolver().resolve4(OFF_NAME)).rejects.toThrow(/refused by the test/);
    const callbackQuery = await new Promise<Error | null>((resolve) =>
      dns.resolve4(OFF_NAME, (error) => resolve(error)),
    );
    expect(callbackQuery?.message).toMatch(/refused by the test/);
    expect(guard.refused).toEqual([
      `lookup ${OFF_NAME}`,
      `lookup ${OFF_NAME}`,
      `lookup ${OFF_NAME}`,
      `resolveTxt ${OFF_NAME}`,
      `resolve4 ${OFF_NAME}`,
      `resolve4 ${OFF_NAME}`,
    ]);
    // Addresses and loopback names are looked up as before: no query leaves the machine for them.
    expect((await dns.promises.lookup('localhost')).address).toMatch(/^(127\.|::1$)/);
    expect((await dns.promises.lookup(OFF_HOST)).address).toBe(OFF_HOST);
  });

  it('guards every test worker: the set-up file installed it, and records what it refused', async () => {
    const worker = (globalThis as Record<symbol, ReturnType<typeof refuseOffLoopback>>)[
      Symbol.for('postwell.test.refuseOffLoopback')
    ];
    expect(worker).toBeDefined();
    expect(await connectOutcome(OFF_HOST, 443)).toMatch(/refused by the test/);
    // Taken off the list, or the set-up file's afterEach would fail this test as it fails any other.
    expect(worker!.refused.splice(0)).toEqual([`connect ${OFF_HOST}`]);
  });
});
