import { createHmac, randomBytes } from 'node:crypto';

/** The header that carries the timestamp and the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'postwell-signature';

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret() {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, 10) };
}

/** HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret, in hex (decision 023). */
export const signPayload = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export const signatureHeader = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${signPayload(secret, timestamp, body)}`;
