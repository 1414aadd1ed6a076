import { withETag } from '@folio/platform/http/etag';
import { Role, atLeast } from '@folio/platform/domain/roles';
import { InviteDoc } from './invite.projection';

/** `redundant`: the caller already has at least what the invite grants. */
export function inviteResource(invite: InviteDoc, callerRole: Role | null) {
  const redundant = invite.role === null ? true : atLeast(callerRole, invite.role);
  return withETag({ object: 'invite' as const, id: invite.id, role: invite.role, redundant }, invite.streamRevision);
}
