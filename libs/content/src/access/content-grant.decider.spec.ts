import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { contentGrantDecider } from './content-grant.decider';
import { ContentGrantEvent } from './content-grant.events';

const spec = deciderSpec(contentGrantDecider);
const now = '2026-01-01T00:00:00.000Z';
const target = { type: 'space' as const, id: 's1' };
const ann = { type: 'user' as const, id: 'u1' };
const team = { type: 'team' as const, id: 't1' };
const granted = (principal: typeof ann | typeof team, role: 'edit' | 'read', previousRole: 'edit' | 'read' | null = null): ContentGrantEvent => ({
  type: 'ContentAccessGranted',
  data: { organizationId: 'o1', target, principal, role, previousRole, grantedAt: now },
});
const grant = (principals: (typeof ann | typeof team)[], role: 'edit' | 'read' | null) => ({
  type: 'GrantAccess' as const,
  organizationId: 'o1',
  target,
  principals,
  role,
  now,
});

describe('content grant decider', () => {
  it('grants users and teams, once each', () =>
    spec.given([]).when(grant([ann, team, ann], 'edit')).then([granted(ann, 'edit'), granted(team, 'edit')]));
  it('changes a grant, recording the previous role', () =>
    spec.given([granted(ann, 'edit')]).when(grant([ann], 'read')).then([granted(ann, 'read', 'edit')]));
  it('writes nothing when the role is already granted', () => spec.given([granted(ann, 'edit')]).when(grant([ann], 'edit')).then([]));
  it('revokes with a null role, and ignores revoking what was never granted', () => {
    spec
      .given([granted(ann, 'edit')])
      .when(grant([ann, team], null))
      .then([{ type: 'ContentAccessRevoked', data: { organizationId: 'o1', target, principal: ann, previousRole: 'edit', revokedAt: now } }]);
  });
});
