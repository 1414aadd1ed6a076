/** Personal data (email, displayName) lives only in UserCreated, so it can later be crypto-shredded. */
export type UserEvent =
  | { type: 'UserCreated'; data: { userId: string; email: string; displayName: string; createdAt: string } }
  | { type: 'ApiTokenIssued'; data: { userId: string; tokenId: string; tokenHash: string; issuedAt: string } }
  | { type: 'ApiTokenRevoked'; data: { userId: string; tokenId: string; tokenHash: string; revokedAt: string } };

export const userStream = (userId: string) => `user-${userId}`;
