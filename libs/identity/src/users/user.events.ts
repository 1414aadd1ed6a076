/**
 * Personal data (email, displayName) lives only in UserCreated, so it can later be crypto-shredded. A token's
 * `label` is the holder's own name for it (`POST /user/tokens`): tokens issued before labels existed, or
 * without one (the bootstrap admin's, a new user's first), have none.
 */
export type UserEvent =
  | { type: 'UserCreated'; data: { userId: string; email: string; displayName: string; createdAt: string } }
  | { type: 'ApiTokenIssued'; data: { userId: string; tokenId: string; tokenHash: string; issuedAt: string; label?: string } }
  | { type: 'ApiTokenRevoked'; data: { userId: string; tokenId: string; tokenHash: string; revokedAt: string } };

export const userStream = (userId: string) => `user-${userId}`;
