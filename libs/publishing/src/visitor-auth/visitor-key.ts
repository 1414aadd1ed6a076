import { createHmac } from 'node:crypto';

/**
 * A site's visitor key: HMAC-SHA256 of the site and the key's generation under the server secret,
 * base64url. Derived, not stored: the log and the read models never hold a signing key, and
 * regenerating (a new generation) retires the old one at once.
 */
export function visitorKeyOf(secret: string, siteId: string, generation: number): string {
  return createHmac('sha256', secret).update(`folio-site-visitor-key:${siteId}:${generation}`).digest('base64url');
}
