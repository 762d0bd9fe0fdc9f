import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

/**
 * Keeping the local Bluesky networks of `@atproto/dev-env` on this machine. Their servers call
 * `listen(port)` with no host, which binds every interface, and none takes a host option; they also
 * make scratch directories in `os.tmpdir()` that they never remove. `onLoopback` starts a network with
 * both pinned, and `refuseOffLoopback` turns any connection or DNS query elsewhere into a test failure
 * (every test worker runs under it: `test/setup-loopback.ts`).
 */

export const LOOPBACK = '127.0.0.1';
/** The names a connection may use: 127.0.0.1, and `localhost`, which the networks' URLs name. */
const LOOPBACK_HOSTS = new Set([LOOPBACK, 'localhost', '::1', '::ffff:127.0.0.1']);

// Both patches below are process-wide, so starts are serialised; each lasts a few seconds at most.
let startLock: Promise<unknown> = Promise.resolve();

/** Runs `task` after every earlier start has finished. */
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = startLock.then(task, task);
  startLock = run.catch(() => undefined);
  return run;
}

/** True for `listen(port[, cb])` and `listen({ port })`: calls that would bind every interface. */
function bindsEverywhere(args: unknown[]): boolean {
  const [first, next] = args;
  if (typeof first === 'number') return next === undefined || typeof next === 'function';
  return (
    typeof first === 'object' &&
    first !== null &&
    'port' in first &&
    !('host' in first && (first as { host?: unknown }).host !== undefined) &&
    !('path' in first)
  );
}

function pinnedArgs(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (typeof first === 'number') return [first, LOOPBACK, ...rest];
  return [{ ...(first as object), host: LOOPBACK }, ...rest];
}

/** Throws unless every server still listening is bound to 127.0.0.1 only. */
function assertAllOnLoopback(servers: net.Server[]): void {
  for (const server of servers) {
    if (!server.listening) continue;
    const address = server.address();
    if (!address || typeof address === 'string' || address.address !== LOOPBACK)
      throw new Error(`a server is not bound to ${LOOPBACK}: ${JSON.stringify(address)}`);
  }
}

/**
 * Runs `create` with every `listen` that names no host bound to 127.0.0.1 and `os.tmpdir()` pointing
 * into `scratch`, then checks that each server it started listens on 127.0.0.1 only.
 */
export function onLoopback<T>(scratch: string, create: () => Promise<T>): Promise<T> {
  return serialised(async () => {
    const originalListen = net.Server.prototype.listen;
    const originalTmp = process.env.TMPDIR;
    const servers: net.Server[] = [];
    net.Server.prototype.listen = function loopbackListen(this: net.Server, ...args: unknown[]) {
      servers.push(this);
      const pinned = bindsEverywhere(args) ? pinnedArgs(args) : args;
      return Reflect.apply(originalListen, this, pinned) as net.Server;
    } as typeof originalListen;
    process.env.TMPDIR = scratch;
    try {
      const created = await create();
      assertAllOnLoopback(servers);
      return created;
    } finally {
      net.Server.prototype.listen = originalListen;
      if (originalTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = originalTmp;
    }
  });
}

/** The host a `Socket#connect` call goes to; null for a local (IPC) socket. */
function connectHost(args: unknown[]): string | null {
  // net.connect hands the socket its arguments already normalised, as one array.
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    if (options.path) return null;
    return options.host ?? 'localhost';
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null;
  return typeof second === 'string' ? second : 'localhost';
}

type Callback = (error: Error) => void;
type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;
type LookupCallback = (error: Error | null, address?: unknown, family?: number) => void;
type Lookup = (host: string, options: object, callback: LookupCallback) => void;

/** The options object of a `Socket#connect` call, when it was given one. */
function connectOptions(args: unknown[]): { host?: string; lookup?: Lookup } | undefined {
  const [first] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  return typeof first === 'object' && first !== null ? first : undefined;
}

/** The addresses a lookup answered: one (`address, family`) or a list (`all: true`). */
const addressesOf = (address: unknown): string[] =>
  Array.isArray(address) ? address.map((entry: { address: string }) => entry.address) : [String(address)];

/** The DNS functions that send a query (all but `lookup`, which may only read /etc/hosts), by object. */
function queryFunctions(): { target: Record<string, unknown>; key: string; promised: boolean }[] {
  const targets = [
    { target: dns, promised: false },
    { target: dns.Resolver.prototype, promised: false },
    { target: dns.promises, promised: true },
    { target: dns.promises.Resolver.prototype, promised: true },
  ];
  return targets.flatMap(({ target, promised }) =>
    Object.getOwnPropertyNames(target)
      .filter((key) => /^(resolve|reverse)/.test(key))
      .filter((key) => typeof (target as Record<string, unknown>)[key] === 'function')
      .map((key) => ({ target: target as Record<string, unknown>, key, promised })),
  );
}

/**
 * Until `restore()`, refuses every TCP connection to a host other than the loopback names (and `allow`),
 * every `dns.lookup` of another name, and every DNS query (`resolve*`, `reverse`, callback and promise
 * forms, `Resolver`s included), and records what was refused: the caller fails the test unless the list
 * stays empty. A refused call fails as an unreachable host would, so the code under test sees an error.
 */
export function refuseOffLoopback(options: { allow?: string[] } = {}): {
  refused: string[];
  restore: () => void;
} {
  const refused: string[] = [];
  const allowed = new Set([...LOOPBACK_HOSTS, ...(options.allow ?? [])]);
  const onLoopback = (host: unknown) =>
    typeof host === 'string' && (allowed.has(host) || (net.isIPv4(host) && host.startsWith('127.')));
  const refusal = (what: string, host: unknown) => {
    refused.push(`${what} ${String(host)}`);
    return new Error(`${what} ${String(host)}: off ${LOOPBACK}, refused by the test`);
  };
  const guardedLookups = new WeakSet<Lookup>();
  const guardedLookup = (lookup: Lookup, host: string): Lookup => {
    const guarded: Lookup = (name, lookupOptions, callback) =>
      lookup(name, lookupOptions, (error, address, family) => {
        if (error || addressesOf(address).every(onLoopback)) return callback(error, address, family);
        callback(refusal('connect', `${host} (${addressesOf(address).join(', ')})`));
      });
    guardedLookups.add(guarded);
    return guarded;
  };
  const undo: (() => void)[] = [];
  const replace = (
    target: Record<string, unknown>,
    key: string,
    make: (original: AnyFunction) => unknown,
  ) => {
    const original = target[key] as AnyFunction;
    target[key] = make(original);
    undo.push(() => (target[key] = original));
  };

  replace(
    net.Socket.prototype as unknown as Record<string, unknown>,
    'connect',
    (original) =>
      function loopbackOnly(this: net.Socket, ...args: unknown[]) {
        const host = connectHost(args);
        if (host === null || onLoopback(host)) return Reflect.apply(original, this, args);
        // A name with a lookup of the caller's own (the webhook sender pins the address it checked) goes
        // where that lookup says: the addresses it answers are judged instead of the name.
        const options = connectOptions(args);
        if (options?.lookup && !net.isIP(host)) {
          if (!guardedLookups.has(options.lookup)) options.lookup = guardedLookup(options.lookup, host);
          return Reflect.apply(original, this, args);
        }
        const error = refusal('connect', host);
        process.nextTick(() => this.destroy(error));
        return this;
      },
  );
  // A lookup of an address is no query; of a name, it may be one (when /etc/hosts does not have it).
  const mayLookUp = (host: unknown) => typeof host !== 'string' || net.isIP(host) !== 0 || onLoopback(host);
  replace(
    dns as unknown as Record<string, unknown>,
    'lookup',
    (original) =>
      function loopbackLookup(this: unknown, host: unknown, ...rest: unknown[]) {
        if (mayLookUp(host)) return Reflect.apply(original, this, [host, ...rest]);
        const callback = rest.at(-1) as Callback;
        const error = refusal('lookup', host);
        process.nextTick(() => callback(error));
        return {};
      },
  );
  replace(
    dns.promises as unknown as Record<string, unknown>,
    'lookup',
    (original) =>
      async function loopbackLookup(this: unknown, host: unknown, ...rest: unknown[]) {
        if (mayLookUp(host)) return Reflect.apply(original, this, [host, ...rest]);
        throw refusal('lookup', host);
      },
  );
  for (const { target, key, promised } of queryFunctions()) {
    replace(target, key, (original) =>
      promised
        ? async function loopbackQuery(this: unknown, host: unknown, ...rest: unknown[]) {
            if (onLoopback(host)) return Reflect.apply(original, this, [host, ...rest]);
            throw refusal(key, host);
          }
        : function loopbackQuery(this: unknown, host: unknown, ...rest: unknown[]) {
            if (onLoopback(host)) return Reflect.apply(original, this, [host, ...rest]);
            const callback = rest.at(-1) as Callback;
            const error = refusal(key, host);
            process.nextTick(() => callback(error));
            return {};
          },
    );
  }
  // `import { lookup } from 'node:dns/promises'` reads the ES module's copy: bring it in line.
  syncBuiltinESMExports();
  return {
    refused,
    restore() {
      for (const step of undo.reverse()) step();
      syncBuiltinESMExports();
    },
  };
}
