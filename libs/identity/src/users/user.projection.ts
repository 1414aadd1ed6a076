import { fold } from '@folio/platform/read-store/read-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { UserEvent } from './user.events';

export const USERS = 'users';
export const API_TOKENS = 'apiTokens';
export const USER_TOKENS = 'userTokens';

export interface UserDoc {
  id: string;
  email: string;
  emailFolded: string;
  displayName: string;
  createdAt: string;
  [key: string]: unknown;
}

/** Tokens are keyed by their SHA-256, the only thing a request can look them up by. */
export interface ApiTokenDoc {
  id: string;
  tokenId: string;
  userId: string;
  issuedAt: string;
  [key: string]: unknown;
}

/**
 * Every token a user was issued, revoked ones included, keyed by token id: what an admin lists. Holds
 * neither the secret nor its hash; revoked tokens stay out of API_TOKENS, the collection requests use.
 */
export interface UserTokenDoc {
  id: string;
  userId: string;
  issuedAt: string;
  /** Absent for a token issued without one. */
  label?: string;
  revokedAt?: string;
  [key: string]: unknown;
}

export const userProjection = defineProjection<UserEvent>(
  'identity-users',
  [
    { name: USERS, indexes: [['emailFolded'], ['createdAt']] },
    { name: API_TOKENS, indexes: [['userId'], ['tokenId']] },
    { name: USER_TOKENS, indexes: [['userId', 'issuedAt']] },
  ],
  {
    UserCreated: async ({ data }, tx) => {
      const doc: UserDoc = {
        id: data.userId,
        email: data.email,
        emailFolded: fold(data.email),
        displayName: data.displayName,
        createdAt: data.createdAt,
      };
      await tx.upsert(USERS, doc);
    },
    ApiTokenIssued: async ({ data }, tx) => {
      const doc: ApiTokenDoc = { id: data.tokenHash, tokenId: data.tokenId, userId: data.userId, issuedAt: data.issuedAt };
      const listed: UserTokenDoc = { id: data.tokenId, userId: data.userId, issuedAt: data.issuedAt, ...(data.label === undefined ? {} : { label: data.label }) };
      await tx.upsert(API_TOKENS, doc);
      await tx.upsert(USER_TOKENS, listed);
    },
    ApiTokenRevoked: async ({ data }, tx) => {
      await tx.delete(API_TOKENS, data.tokenHash);
      await tx.patch(USER_TOKENS, data.tokenId, { revokedAt: data.revokedAt });
    },
  },
);
