import { Reader } from '../auth/reader';

/**
 * Resolves a site token (a JWT) to its reader. Publishing implements it with the server secret; the
 * platform's guard only knows this port.
 */
export abstract class SiteTokenVerifier {
  /** The reader the token names, or null for a token that is not valid (forged, expired, another server's). */
  abstract verify(token: string): Promise<Reader | null>;
}

/** A JWT's compact form (three base64url parts); API tokens are base62 after their prefix and never match (no dot: no pattern run). */
export const looksLikeJwt = (token: string) => token.includes('.') && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
