import { Role } from '@folio/platform/domain/roles';
import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { InviteEvent, inviteStream } from './invite.events';
import { InviteDoc, inviteProjection, INVITES } from './invite.projection';

const spec = projectionSpec<InviteEvent>(inviteProjection, { stream: (e) => inviteStream(e.data.inviteId) });
const now = '2026-01-01T00:00:00.000Z';
const organizationId = 'o1';

const created = (inviteId: string, role: Role | null = 'read'): InviteEvent => ({
  type: 'OrganizationInviteCreated',
  data: { inviteId, organizationId, role, createdAt: now },
});
const roleChanged = (inviteId: string, role: Role | null, previousRole: Role | null): InviteEvent => ({
  type: 'OrganizationInviteRoleChanged',
  data: { inviteId, organizationId, role, previousRole, changedAt: now },
});
const deleted = (inviteId: string): InviteEvent => ({ type: 'OrganizationInviteDeleted', data: { inviteId, organizationId, deletedAt: now } });

const invite = (id: string, role: Role | null, streamRevision: string): InviteDoc => ({ id, organizationId, role, createdAt: now, streamRevision });

describe('invite projection', () => {
  it.each<[string, Role | null]>([
    ['a role', 'edit'],
    ['the guest role (null)', null],
  ])('creates an invite with %s', (_case, role) => spec.given([created('i1', role)]).then(INVITES, [invite('i1', role, '0')]));

  it('changes an invite\u2019s role, and its ETag moves', () =>
    spec.given([created('i1', 'read'), roleChanged('i1', null, 'read')]).thenDocument(INVITES, 'i1', invite('i1', null, '1')));

  it('deletes an invite, and only that one', () =>
    spec.given([created('i1'), created('i2', 'admin'), deleted('i1')]).then(INVITES, [invite('i2', 'admin', '0')]));

  const history = [created('i1'), created('i2'), roleChanged('i1', 'comment', 'read'), deleted('i2')];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
