import { Decider } from '@folio/platform/domain/decider';
import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { withEntry } from '@folio/platform/domain/with-entry';
import { UserEvent } from './user.events';

export type UserState =
  | { status: 'none' }
  | { status: 'active'; userId: string; email: string; /** Token hashes by token id (ids from request paths, hence a Map). */
  tokens: ReadonlyMap<string, string> };

/** A token as the write side knows it: its id and the SHA-256 of its secret, never the secret. */
export interface TokenDigest {
  tokenId: string;
  tokenHash: string;
}

export type UserCommand =
  | { type: 'CreateUser'; userId: string; email: string; displayName: string; token?: TokenDigest; now: string }
  | { type: 'IssueToken'; token: TokenDigest; label?: string; now: string }
  | { type: 'RevokeToken'; tokenId: string; now: string };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { status: 'none' },

  evolve(state: UserState, event: UserEvent): UserState {
    switch (event.type) {
      case 'UserCreated':
        return { status: 'active', userId: event.data.userId, email: event.data.email, tokens: new Map() };
      case 'ApiTokenIssued':
        if (state.status !== 'active') return state;
        return { ...state, tokens: withEntry(state.tokens, event.data.tokenId, event.data.tokenHash) };
      case 'ApiTokenRevoked':
        if (state.status !== 'active') return state;
        return { ...state, tokens: withEntry(state.tokens, event.data.tokenId, undefined) };
    }
  },

  decide(command: UserCommand, state: UserState): UserEvent[] {
    switch (command.type) {
      case 'CreateUser': {
        if (state.status !== 'none') throw new Conflict('user already exists');
        const { userId, email, displayName, token, now } = command;
        const created: UserEvent = { type: 'UserCreated', data: { userId, email, displayName, createdAt: now } };
        return token ? [created, issued(userId, token, now)] : [created];
      }
      case 'IssueToken':
        if (state.status !== 'active') throw new NotFound('user');
        return [issued(state.userId, command.token, command.now, command.label)];
      case 'RevokeToken': {
        if (state.status !== 'active') throw new NotFound('user');
        const tokenHash = state.tokens.get(command.tokenId);
        if (!tokenHash) return []; // already revoked: revoking twice changes nothing
        return [
          { type: 'ApiTokenRevoked', data: { userId: state.userId, tokenId: command.tokenId, tokenHash, revokedAt: command.now } },
        ];
      }
    }
  },
};

/** Without a label the event keeps the shape it always had. */
function issued(userId: string, token: TokenDigest, now: string, label?: string): UserEvent {
  return { type: 'ApiTokenIssued', data: { userId, ...token, issuedAt: now, ...(label === undefined ? {} : { label }) } };
}
