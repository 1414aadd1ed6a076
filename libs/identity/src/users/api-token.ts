import { createHash } from 'node:crypto';
import { base62, newId } from '@folio/platform/ids';

const PREFIX = 'folio_';
/** 43 base62 characters carry 256 bits: as much as the 32 random bytes they stand for. */
const SECRET_LENGTH = 43;

/** A fresh token: the secret is shown once; only its digest enters events and read models. */
export function newApiToken(): { token: string; tokenId: string; tokenHash: string } {
  const token = PREFIX + base62(SECRET_LENGTH);
  return { token, tokenId: newId(), tokenHash: hashToken(token) };
}

/** SHA-256, not a slow hash: tokens are long random secrets and every request looks one up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
