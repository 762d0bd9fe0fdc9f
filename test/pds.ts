import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AtpAgent, lexToJson } from '@atproto/api';
import { TestNetworkNoAppView } from '@atproto/dev-env';
import { LOOPBACK, onLoopback } from './loopback';

/**
 * A real Bluesky Personal Data Server (with its PLC directory) on loopback, for adapter tests that must
 * talk to the genuine XRPC API rather than a fake. Everything stays on this machine: both servers bind
 * 127.0.0.1, accounts use `.test` handles that the PDS resolves from its own database, and the AppView
 * and moderation services are left unconfigured so nothing is proxied anywhere.
 */

/** The dev PDS signs every session token with this secret (`JWT_SECRET` in @atproto/dev-env). */
const DEV_JWT_SECRET = 'jwt-secret';

export interface PdsPost {
  uri: string;
  cid: string;
  value: Record<string, unknown>;
}

export interface TestPdsHandle {
  /** The PDS service URL (http://127.0.0.1:port). DID documents name it http://localhost:port. */
  url: string;
  /** How long `startPds` took, in milliseconds. */
  startupMs: number;
  createAccount(handle: string, password: string): Promise<{ did: string; handle: string }>;
  /** A session of the account, as the Bluesky app makes one. */
  login(handle: string, password: string): Promise<AtpAgent>;
  /** A new app password of the account, as the Bluesky settings page hands it out. */
  createAppPassword(handle: string, password: string, name: string): Promise<string>;
  /** The record's value in its JSON form, or null when it does not exist. */
  getRecord(did: string, collection: string, rkey: string): Promise<Record<string, unknown> | null>;
  /** Every app.bsky.feed.post record of the account. */
  listPosts(did: string): Promise<PdsPost[]>;
  getBlob(did: string, cid: string): Promise<Buffer>;
  /** The same session token (access or refresh) with its expiry in the past, still validly signed. */
  expireAccessToken(accessJwt: string): string;
  close(): Promise<void>;
}

/** A record as JSON on the wire: blob refs as `{ $type: 'blob', ref: { $link }, mimeType, size }`. */
const asJson = (value: unknown) =>
  lexToJson(value as Parameters<typeof lexToJson>[0]) as Record<string, unknown>;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Re-signs an HS256 session token of the dev PDS with `exp` (and `iat`) in the past. */
function expireToken(accessJwt: string): string {
  const [header, payload] = accessJwt.split('.');
  if (!header || !payload) throw new Error('not a JWT');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const body = base64url(JSON.stringify({ ...claims, iat: now - 7200, exp: now - 3600 }));
  const signature = createHmac('sha256', DEV_JWT_SECRET).update(`${header}.${body}`).digest();
  return `${header}.${body}.${base64url(signature)}`;
}

/**
 * Starts a PLC directory and a PDS (`TestNetworkNoAppView`) on 127.0.0.1, each call its own
 * network with its own temporary data directory. Takes a few seconds; call it once per test file.
 */
export async function startPds(): Promise<TestPdsHandle> {
  const started = performance.now();
  const dir = await mkdtemp(path.join(tmpdir(), 'postwell-pds-'));
  let network: TestNetworkNoAppView;
  try {
    await mkdir(path.join(dir, 'data'));
    network = await onLoopback(dir, () =>
      TestNetworkNoAppView.create({
        pds: {
          dataDirectory: path.join(dir, 'data'),
          blobstoreDiskLocation: path.join(dir, 'blobs'),
          // No AppView, no moderation service: nothing to proxy to, no lookups leave the machine.
          bskyAppViewUrl: undefined,
          bskyAppViewDid: undefined,
          modServiceUrl: undefined,
          modServiceDid: undefined,
        },
      }),
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return pdsHandle(network.pds.port, started, async () => {
    await network.close();
    await rm(dir, { recursive: true, force: true });
  });
}

/**
 * What a test does with the PDS on 127.0.0.1:`port` of a network started at `started` (a
 * `performance.now()`); `close` stops whatever the caller started.
 */
export function pdsHandle(port: number, started: number, close: () => Promise<void>): TestPdsHandle {
  const url = `http://${LOOPBACK}:${port}`;
  const agent = new AtpAgent({ service: url });

  const login = async (handle: string, password: string) => {
    const session = new AtpAgent({ service: url });
    await session.login({ identifier: handle, password });
    return session;
  };

  return {
    url,
    startupMs: Math.round(performance.now() - started),
    login,
    async createAccount(handle, password) {
      const fresh = new AtpAgent({ service: url });
      const { data } = await fresh.createAccount({ handle, password, email: `${handle}@example.com` });
      return { did: data.did, handle: data.handle };
    },
    async createAppPassword(handle, password, name) {
      const session = await login(handle, password);
      const { data } = await session.com.atproto.server.createAppPassword({ name });
      await session.logout();
      return data.password;
    },
    async getRecord(did, collection, rkey) {
      try {
        const { data } = await agent.com.atproto.repo.getRecord({ repo: did, collection, rkey });
        return asJson(data.value);
      } catch (error) {
        if ((error as { error?: string }).error === 'RecordNotFound') return null;
        throw error;
      }
    },
    async listPosts(did) {
      const posts: PdsPost[] = [];
      let cursor: string | undefined;
      do {
        const { data } = await agent.com.atproto.repo.listRecords({
          repo: did,
          collection: 'app.bsky.feed.post',
          limit: 100,
          cursor,
        });
        for (const { uri, cid, value } of data.records) posts.push({ uri, cid, value: asJson(value) });
        cursor = data.records.length ? data.cursor : undefined;
      } while (cursor);
      return posts;
    },
    async getBlob(did, cid) {
      const { data } = await agent.com.atproto.sync.getBlob({ did, cid });
      return Buffer.from(data);
    },
    expireAccessToken: expireToken,
    close,
  };
}
