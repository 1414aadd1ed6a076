import { createHmac } from 'node:crypto';

/**
 * GitBook's signature of a webhook body: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
 * over the very bytes sent. A receiver recomputes it with the secret shown when the webhook was created
 * and refuses a `t` too old (replays).
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
