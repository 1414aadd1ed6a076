import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { UserEvent, userStream } from './user.events';
import { API_TOKENS, userProjection, USER_TOKENS, USERS } from './user.projection';

const spec = projectionSpec<UserEvent>(userProjection, { stream: (e) => userStream(e.data.userId) });
const now = '2026-01-01T00:00:00.000Z';

const created = (userId: string, email: string, displayName = 'Ada'): UserEvent => ({
  type: 'UserCreated',
  data: { userId, email, displayName, createdAt: now },
});
const issued = (userId: string, tokenId: string): UserEvent => ({
  type: 'ApiTokenIssued',
  data: { userId, tokenId, tokenHash: `hash-${tokenId}`, issuedAt: now },
});
const labelled = (userId: string, tokenId: string, label: string): UserEvent => ({
  type: 'ApiTokenIssued',
  data: { userId, tokenId, tokenHash: `hash-${tokenId}`, issuedAt: now, label },
});
const revoked = (userId: string, tokenId: string): UserEvent => ({
  type: 'ApiTokenRevoked',
  data: { userId, tokenId, tokenHash: `hash-${tokenId}`, revokedAt: now },
});

describe('user projection', () => {
  it('creates a user with the case-folded email its lookups use', () =>
    spec
      .given([created('u1', 'Ada.Lovelace@Example.TEST')])
      .then(USERS, [{ id: 'u1', email: 'Ada.Lovelace@Example.TEST', emailFolded: 'ada.lovelace@example.test', displayName: 'Ada', createdAt: now }]));

  it('finds a user by the folded email, whatever case it was written in', () =>
    spec.given([created('u1', 'ADA@example.test'), created('u2', 'bob@example.test')]).thenFinds(USERS, { filter: { emailFolded: 'ada@example.test' } }, ['u1']));

  it('keys an issued token by its hash, the only thing a request carries', () =>
    spec.given([created('u1', 'ada@example.test'), issued('u1', 'k1')]).then(API_TOKENS, [{ id: 'hash-k1', tokenId: 'k1', userId: 'u1', issuedAt: now }]));

  it('forgets a revoked token, and only that one', () =>
    spec
      .given([created('u1', 'ada@example.test'), issued('u1', 'k1'), issued('u1', 'k2'), revoked('u1', 'k1')])
      .then(API_TOKENS, [{ id: 'hash-k2', tokenId: 'k2', userId: 'u1', issuedAt: now }]));

  it('lists each token with its label, a token issued before labels existed without one, revoked ones marked', () =>
    spec
      .given([created('u1', 'ada@example.test'), issued('u1', 'old'), labelled('u1', 'k1', 'CI deploy'), labelled('u1', 'k2', 'Laptop'), revoked('u1', 'k2')])
      .then(USER_TOKENS, [
        { id: 'k1', userId: 'u1', issuedAt: now, label: 'CI deploy' },
        { id: 'k2', userId: 'u1', issuedAt: now, label: 'Laptop', revokedAt: now },
        { id: 'old', userId: 'u1', issuedAt: now },
      ]));

  it('finds a user’s active tokens only, by the filter `GET /user/tokens` uses', () =>
    spec
      .given([created('u1', 'ada@example.test'), labelled('u1', 'k1', 'A'), labelled('u1', 'k2', 'B'), labelled('u2', 'k3', 'C'), revoked('u1', 'k1')])
      .thenFinds(USER_TOKENS, { filter: { userId: 'u1', revokedAt: { $exists: false } } }, ['k2']));

  const history = [
    created('u1', 'Ada@example.test'),
    created('u2', 'bob@example.test'),
    issued('u1', 'k1'),
    issued('u2', 'k2'),
    labelled('u2', 'k3', 'CI'),
    revoked('u1', 'k1'),
  ];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
