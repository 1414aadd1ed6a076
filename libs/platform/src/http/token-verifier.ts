/**
 * Resolves an API token to its user. The identity context implements it from its read model; the
 * platform's guard only knows this port.
 */
export abstract class TokenVerifier {
  /** The user id owning the token, or null for an unknown or revoked token. */
  abstract verify(token: string): Promise<string | null>;
}
