import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What a path answers: a body with its type (and an ETag, answered 304 when sent back), or a behaviour. */
export type FeedAnswer =
  | { body: string; type?: string; etag?: string }
  | { redirect: string }
  | { status: number }
  | { huge: number }
  | { slow: true };

/**
 * A web server on 127.0.0.1 whose paths answer what a test sets, changed between reads: RSS, Atom, broken
 * XML, a body larger than allowed, one that never ends, redirects, errors. Counts the requests per path.
 */
export async function startFeedServer() {
  const answers = new Map<string, FeedAnswer>();
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers.get(path);
    if (!answer) return res.writeHead(404).end('no such feed');
    if ('redirect' in answer) return res.writeHead(302, { location: answer.redirect }).end();
    if ('status' in answer) return res.writeHead(answer.status).end('trouble');
    if ('huge' in answer) {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const more = () => {
        while (sent < answer.huge) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        res.end();
      };
      return more();
    }
    if ('slow' in answer) {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
      return; // never ends
    }
    if (answer.etag && req.headers['if-none-match'] === answer.etag) return res.writeHead(304).end();
    res
      .writeHead(200, {
        'content-type': answer.type ?? 'application/rss+xml; charset=utf-8',
        ...(answer.etag ? { etag: answer.etag } : {}),
      })
      .end(answer.body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    set: (path: string, answer: FeedAnswer) => answers.set(path, answer),
    hits: (path: string) => hits.get(path) ?? 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** An RSS 2.0 document of items (newest first, as feeds list them). */
export const rss = (items: { guid: string; title: string; link: string; date: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Bloom blog</title>${items
    .map(
      (i) =>
        `<item><guid>${i.guid}</guid><title>${i.title}</title><link>${i.link}</link><pubDate>${new Date(i.date).toUTCString()}</pubDate><description>&lt;p&gt;About ${i.title}&lt;/p&gt;</description></item>`,
    )
    .join('')}</channel></rss>`;

/** An Atom document of entries. */
export const atom = (entries: { id: string; title: string; link: string; date: string }[]) =>
  `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Bloom news</title>${entries
    .map(
      (e) =>
        `<entry><id>${e.id}</id><title>${e.title}</title><link href="${e.link}"/><updated>${e.date}</updated><summary>${e.title} in short</summary></entry>`,
    )
    .join('')}</feed>`;
