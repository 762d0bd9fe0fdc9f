import { json, startFakeServer } from './fake-server';
import type { FakeReply, FakeRequest } from './fake-server';
import { createMetricsStore } from './shared';

/**
 * A small fake of the one Bluesky AppView call analytics makes, `app.bsky.feed.getPosts`, as a PDS
 * answers it through its AppView: fast, and without the PostgreSQL that the real AppView of
 * `test/bluesky-network.ts` needs (`bluesky.metrics.int.test.ts`). Posts are added by a test
 * (`addPost`); an expired session answers `ExpiredToken` and, since it cannot be refreshed or logged
 * into, the adapter must report `auth`.
 */

const CID = 'bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm';

export async function startBlueskyAppViewFake(
  account = { did: 'did:plc:fakeauthor1', handle: 'author.test' },
) {
  const posts = new Set<string>();
  const { setMetrics, metricsOf } = createMetricsStore();
  let accessJwt = 'access-1';
  const xrpcError = (status: number, error: string, message: string) => json(status, { error, message });

  const getPosts = (req: FakeRequest): FakeReply => {
    if (req.headers.authorization !== `Bearer ${accessJwt}`)
      return xrpcError(400, 'ExpiredToken', 'Token has expired');
    const uris = req.query.getAll('uris');
    if (!uris.length || uris.length > 25)
      return xrpcError(400, 'InvalidRequest', 'uris must hold 1 to 25 URIs');
    return json(200, {
      posts: uris
        .filter((uri) => posts.has(uri))
        .map((uri) => {
          const counts = metricsOf(uri);
          return {
            uri,
            cid: CID,
            author: { did: account.did, handle: account.handle, labels: [] },
            record: { $type: 'app.bsky.feed.post', text: 'hello', createdAt: '2025-01-01T00:00:00.000Z' },
            indexedAt: '2025-01-01T00:00:00.000Z',
            labels: [],
            ...(counts.comments === undefined ? {} : { replyCount: counts.comments }),
            ...(counts.shares === undefined ? {} : { repostCount: counts.shares }),
            ...(counts.likes === undefined ? {} : { likeCount: counts.likes }),
            ...(counts.quotes === undefined ? {} : { quoteCount: counts.quotes }),
          };
        }),
    });
  };

  const server = await startFakeServer('bluesky-appview', (req) => {
    if (req.method === 'GET' && req.path === '/xrpc/app.bsky.feed.getPosts') return getPosts(req);
    if (req.path === '/xrpc/com.atproto.server.refreshSession')
      return xrpcError(400, 'ExpiredToken', 'Token has been revoked');
    if (req.path === '/xrpc/com.atproto.server.createSession')
      return xrpcError(401, 'AuthenticationRequired', 'Invalid identifier or password');
    return undefined;
  });
  return Object.assign(server, {
    account,
    accessJwt: () => accessJwt,
    addPost(rkey: string) {
      const uri = `at://${account.did}/app.bsky.feed.post/${rkey}`;
      posts.add(uri);
      return uri;
    },
    setMetrics,
    /** Every session we handed out stops working (and cannot be refreshed). */
    expireSession: () => void (accessJwt = `expired-${accessJwt}`),
  });
}
