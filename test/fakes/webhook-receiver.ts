import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether `Postwell-Signature` verified with the receiver's secret, as decision 023 tells a receiver to. */
  verified: boolean;
  /** The status this receiver answered with. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The secret to verify signatures with (set once the endpoint is created). */
  secret: string;
  /** The status the next requests get (200 by default); a function decides per request. */
  answer: number | ((request: ReceivedDelivery) => number);
  /** What the answer's body says. */
  answerBody: string;
  close(): Promise<void>;
}

/** Verifies `t=<ts>,v1=<hex>` over `${t}.${body}`: the receiver side of the documented scheme. */
export function verifySignature(header: string | undefined, body: string, secret: string, toleranceS = 300) {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(Date.now() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A webhook receiver on 127.0.0.1 (port 0 unless given): records and verifies what it is sent. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    secret: '',
    answer: 200,
    answerBody: 'ok',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry: ReceivedDelivery = {
        path: req.url ?? '',
        headers: req.headers,
        body,
        verified: verifySignature(
          req.headers['postwell-signature'] as string | undefined,
          body,
          receiver.secret,
        ),
        status: 0,
      };
      entry.status = typeof receiver.answer === 'function' ? receiver.answer(entry) : receiver.answer;
      receiver.received.push(entry);
      res.writeHead(entry.status, { 'content-type': 'text/plain' }).end(receiver.answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = receiver.close;
  receiver.close = async () => {
    server.closeAllConnections();
    await close();
  };
  return receiver;
}
