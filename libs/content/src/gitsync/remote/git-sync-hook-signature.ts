import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { IncomingHttpHeaders } from 'node:http';
import { GitSyncConnection } from './git-sync.events';

/** The headers each provider authenticates a delivery with (Node gives header names in lower case). */
export const SIGNATURE_HEADER = 'x-hub-signature-256';
export const TOKEN_HEADER = 'x-gitlab-token';

/**
 * Equal texts, compared in constant time whatever their lengths: both are hashed first, so the comparison
 * neither throws on a length mismatch nor tells the length of the expected text.
 */
function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** GitHub's (and Gitea's and Forgejo's) signature of `body` under `secret`: `sha256=<hex HMAC-SHA256>`. */
export function hubSignature(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Whether a delivery comes from the holder of `secret`, the way `provider`'s servers send it: `github`
 * signs the raw body (`X-Hub-Signature-256`), `gitlab` sends the secret itself (`X-Gitlab-Token`). A
 * header missing, or sent twice, is no proof.
 */
export function signedBy(provider: GitSyncConnection['provider'], secret: string, headers: IncomingHttpHeaders, body: Buffer): boolean {
  const given = headers[provider === 'github' ? SIGNATURE_HEADER : TOKEN_HEADER];
  if (typeof given !== 'string') return false;
  return sameText(given, provider === 'github' ? hubSignature(secret, body) : secret);
}
