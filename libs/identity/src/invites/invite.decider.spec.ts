import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { inviteDecider } from './invite.decider';
import { InviteEvent } from './invite.events';

const spec = deciderSpec(inviteDecider);
const now = '2026-01-01T00:00:00.000Z';
const created: InviteEvent = { type: 'OrganizationInviteCreated', data: { inviteId: 'i1', organizationId: 'o1', role: 'edit', createdAt: now } };
const deleted: InviteEvent = { type: 'OrganizationInviteDeleted', data: { inviteId: 'i1', organizationId: 'o1', deletedAt: now } };

describe('invite decider', () => {
  it('creates an invite once', () => {
    spec.given([]).when({ type: 'CreateInvite', inviteId: 'i1', organizationId: 'o1', role: 'edit', now }).then([created]);
    spec.given([created]).when({ type: 'CreateInvite', inviteId: 'i1', organizationId: 'o1', role: 'edit', now }).thenThrows(Conflict);
  });
  it('changes the role, and writes nothing for the same role', () => {
    spec
      .given([created])
      .when({ type: 'ChangeInviteRole', role: null, now })
      .then([{ type: 'OrganizationInviteRoleChanged', data: { inviteId: 'i1', organizationId: 'o1', role: null, previousRole: 'edit', changedAt: now } }]);
    spec.given([created]).when({ type: 'ChangeInviteRole', role: 'edit', now }).then([]);
  });
  it('deletes an invite, after which it is gone for every command', () => {
    spec.given([created]).when({ type: 'DeleteInvite', now }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteInvite', now }).thenThrows(NotFound);
    spec.given([created, deleted]).when({ type: 'ChangeInviteRole', role: 'read', now }).thenThrows(NotFound);
    spec.given([]).when({ type: 'DeleteInvite', now }).thenThrows(NotFound);
  });
});
