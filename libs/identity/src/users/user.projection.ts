import { fold } from '@folio/platform/read-store/read-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { UserEvent } from './user.events';

export const USERS = 'users';
export const API_TOKENS = 'apiTokens';

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

export const userProjection = defineProjection<UserEvent>(
  'identity-users',
  [
    { name: USERS, indexes: [['emailFolded']] },
    { name: API_TOKENS, indexes: [['userId'], ['tokenId']] },
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
      await tx.upsert(API_TOKENS, doc);
    },
    ApiTokenRevoked: async ({ data }, tx) => tx.delete(API_TOKENS, data.tokenHash),
  },
);
