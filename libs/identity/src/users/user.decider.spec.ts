import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { PROTOTYPE_KEYS } from '@folio/platform/testing/prototype-keys';
import { userDecider } from './user.decider';
import { UserEvent } from './user.events';

const spec = deciderSpec(userDecider);
const now = '2026-01-01T00:00:00.000Z';
const created: UserEvent = { type: 'UserCreated', data: { userId: 'u1', email: 'a@x.io', displayName: 'Ann', createdAt: now } };
const token = { tokenId: 't1', tokenHash: 'h1' };
const issued: UserEvent = { type: 'ApiTokenIssued', data: { userId: 'u1', tokenId: 't1', tokenHash: 'h1', issuedAt: now } };
const revoked: UserEvent = { type: 'ApiTokenRevoked', data: { userId: 'u1', tokenId: 't1', tokenHash: 'h1', revokedAt: now } };

describe('user decider', () => {
  it('creates a user with a first token', () =>
    spec
      .given([])
      .when({ type: 'CreateUser', userId: 'u1', email: 'a@x.io', displayName: 'Ann', token, now })
      .then([created, issued]));
  it('creates a user without a token', () =>
    spec.given([]).when({ type: 'CreateUser', userId: 'u1', email: 'a@x.io', displayName: 'Ann', now }).then([created]));
  it('refuses to create a user twice', () =>
    spec
      .given([created])
      .when({ type: 'CreateUser', userId: 'u1', email: 'a@x.io', displayName: 'Ann', now })
      .thenThrows(Conflict));
  it('issues a token to an existing user', () =>
    spec.given([created]).when({ type: 'IssueToken', token, now }).then([issued]));
  it('issues a labelled token, the label in the event', () =>
    spec
      .given([created])
      .when({ type: 'IssueToken', token, label: 'CI deploy', now })
      .then([{ type: 'ApiTokenIssued', data: { userId: 'u1', tokenId: 't1', tokenHash: 'h1', issuedAt: now, label: 'CI deploy' } }]));
  it('revokes a labelled token like any other', () =>
    spec
      .given([created, { type: 'ApiTokenIssued', data: { ...token, userId: 'u1', issuedAt: now, label: 'CI' } }])
      .when({ type: 'RevokeToken', tokenId: 't1', now })
      .then([revoked]));
  it('refuses a token for a missing user', () =>
    spec.given([]).when({ type: 'IssueToken', token, now }).thenThrows(NotFound));
  it('revokes an active token, carrying its hash for the read model', () =>
    spec.given([created, issued]).when({ type: 'RevokeToken', tokenId: 't1', now }).then([revoked]));
  it.each(['__proto__', 'constructor', 'hasOwnProperty'])('finds no token with the id %s', (tokenId) =>
    spec.given([created, issued]).when({ type: 'RevokeToken', tokenId, now }).then([]));
  it('writes nothing when the token is already revoked', () =>
    spec.given([created, issued, revoked]).when({ type: 'RevokeToken', tokenId: 't1', now }).then([]));

  it.each(PROTOTYPE_KEYS)('has no token %s to revoke', (tokenId) => spec.given([created, issued]).when({ type: 'RevokeToken', tokenId, now }).then([]));
});
