import dns from 'node:dns';
import net from 'node:net';

/**
 * Keeping the local Bluesky networks of `@atproto/dev-env` on this machine. Their servers call
 * `listen(port)` with no host, which binds every interface, and none takes a host option; they also
 * make scratch directories in `os.tmpdir()` that they never remove. `onLoopback` starts a network with
 * both pinned, and `refuseOffLoopback` turns any connection or DNS query elsewhere into a test failure.
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

/**
 * Until `restore()`, refuses every TCP connection to a host other than the loopback names and every
 * DNS query through `dns.resolveTxt` (the handle resolution of `@atproto/identity`), and records what
 * was refused: a test asserts the list stays empty.
 */
export function refuseOffLoopback(): { refused: string[]; restore: () => void } {
  const refused: string[] = [];
  const originalConnect = net.Socket.prototype.connect;
  const originalResolveTxt = dns.promises.resolveTxt;
  net.Socket.prototype.connect = function loopbackOnly(this: net.Socket, ...args: unknown[]) {
    const host = connectHost(args);
    if (host === null || LOOPBACK_HOSTS.has(host))
      return Reflect.apply(originalConnect, this, args) as net.Socket;
    refused.push(`connect ${host}`);
    process.nextTick(() => this.destroy(new Error(`${host} is off ${LOOPBACK}: refused by the test`)));
    return this;
  } as typeof originalConnect;
  dns.promises.resolveTxt = async (hostname: string) => {
    refused.push(`resolveTxt ${hostname}`);
    throw new Error(`DNS query for ${hostname} refused by the test`);
  };
  return {
    refused,
    restore() {
      net.Socket.prototype.connect = originalConnect;
      dns.promises.resolveTxt = originalResolveTxt;
    },
  };
}
