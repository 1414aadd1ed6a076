import { Role } from '@folio/platform/domain/roles';
import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { ContentGrantEvent, contentGrantsStream, GrantTarget, Principal } from './content-grant.events';
import { CONTENT_GRANTS, ContentGrantDoc, contentGrantProjection } from './content-grant.projection';

const spec = projectionSpec<ContentGrantEvent>(contentGrantProjection, { stream: (e) => contentGrantsStream(e.data.target) });
const now = '2026-01-01T00:00:00.000Z';

const space: GrantTarget = { type: 'space', id: 's1' };
const collection: GrantTarget = { type: 'collection', id: 'c1' };
const ada: Principal = { type: 'user', id: 'u1' };
const writers: Principal = { type: 'team', id: 't1' };

const granted = (target: GrantTarget, principal: Principal, role: Role, previousRole: Role | null = null): ContentGrantEvent => ({
  type: 'ContentAccessGranted',
  data: { organizationId: 'o1', target, principal, role, previousRole, grantedAt: now },
});
const revoked = (target: GrantTarget, principal: Principal, previousRole: Role): ContentGrantEvent => ({
  type: 'ContentAccessRevoked',
  data: { organizationId: 'o1', target, principal, previousRole, revokedAt: now },
});

const grant = (target: GrantTarget, principal: Principal, role: Role): ContentGrantDoc => ({
  id: `${target.type}:${target.id}:${principal.type}:${principal.id}`,
  organizationId: 'o1',
  targetType: target.type,
  targetId: target.id,
  principalType: principal.type,
  principalId: principal.id,
  role,
});

describe('content grant projection', () => {
  it.each<[string, GrantTarget, Principal]>([
    ['a user on a space', space, ada],
    ['a team on a collection', collection, writers],
  ])('records a grant to %s', (_case, target, principal) =>
    spec.given([granted(target, principal, 'edit')]).then(CONTENT_GRANTS, [grant(target, principal, 'edit')]));

  it('replaces a principal\u2019s grant on a target when its role changes', () =>
    spec.given([granted(space, ada, 'read'), granted(space, ada, 'admin', 'read')]).then(CONTENT_GRANTS, [grant(space, ada, 'admin')]));

  it('keeps a user\u2019s and a team\u2019s grants apart, even with the same id', () =>
    spec
      .given([granted(space, ada, 'read'), granted(space, { type: 'team', id: 'u1' }, 'edit')])
      .then(CONTENT_GRANTS, [grant(space, ada, 'read'), grant(space, { type: 'team', id: 'u1' }, 'edit')]));

  it('removes a revoked grant, and only that one', () =>
    spec
      .given([granted(space, ada, 'read'), granted(collection, ada, 'edit'), revoked(space, ada, 'read')])
      .then(CONTENT_GRANTS, [grant(collection, ada, 'edit')]));

  it('finds a principal\u2019s grants within an organization', () =>
    spec
      .given([granted(space, ada, 'read'), granted(collection, writers, 'edit'), granted(collection, ada, 'comment')])
      .thenFinds(CONTENT_GRANTS, { filter: { organizationId: 'o1', principalType: 'user', principalId: 'u1' } }, ['collection:c1:user:u1', 'space:s1:user:u1']));

  const history = [granted(space, ada, 'read'), granted(collection, writers, 'edit'), granted(space, ada, 'edit', 'read'), revoked(collection, writers, 'edit'), granted(collection, ada, 'read')];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
