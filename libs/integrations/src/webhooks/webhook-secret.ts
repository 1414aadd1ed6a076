import { randomBytes } from 'node:crypto';

const SECRET_BYTES = 32;

/**
 * A new signing secret: 32 random bytes (the HMAC-SHA256 key size), base64url, prefixed `whsec_` so that
 * one found in a log or a repository says what it is. The receiver uses the whole string, as shown, as
 * the HMAC key of `X-GitBook-Signature`.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64url')}`;
}
