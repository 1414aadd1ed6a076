import { defineProjection } from '@folio/platform/projections/projection';
import { Role } from '@folio/platform/domain/roles';
import { principalKey } from './content-grant.decider';
import { ContentGrantEvent, GrantTarget, Principal } from './content-grant.events';

export const CONTENT_GRANTS = 'contentGrants';

export interface ContentGrantDoc {
  id: string;
  organizationId: string;
  targetType: GrantTarget['type'];
  targetId: string;
  principalType: Principal['type'];
  principalId: string;
  role: Role;
  [key: string]: unknown;
}

const grantId = (target: GrantTarget, principal: Principal) => `${target.type}:${target.id}:${principalKey(principal)}`;

export const contentGrantProjection = defineProjection<ContentGrantEvent>(
  'content-grants',
  [{ name: CONTENT_GRANTS, indexes: [['targetId'], ['organizationId', 'principalType', 'principalId']] }],
  {
    ContentAccessGranted: async ({ data }, tx) => {
      const doc: ContentGrantDoc = {
        id: grantId(data.target, data.principal),
        organizationId: data.organizationId,
        targetType: data.target.type,
        targetId: data.target.id,
        principalType: data.principal.type,
        principalId: data.principal.id,
        role: data.role,
      };
      await tx.upsert(CONTENT_GRANTS, doc);
    },
    ContentAccessRevoked: async ({ data }, tx) => tx.delete(CONTENT_GRANTS, grantId(data.target, data.principal)),
  },
);
