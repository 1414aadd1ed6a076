import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { Projection, ProjectionHandler } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { InviteEvent } from '../invites/invite.events';
import { OrganizationEvent } from '../organizations/organization.events';
import { SAMLProviderEvent } from '../saml/saml-provider.events';
import { TeamEvent } from '../teams/team.events';
import { CHANGE_REQUEST_AUDIT } from './change-request-audit';
import { COMMENT_AUDIT } from './comment-audit';
import { OPENAPI_SPEC_AUDIT } from './openapi-spec-audit';
import { SHARE_LINK_AUDIT } from './share-link-audit';
import { SITE_AUDIT } from './site-audit';
import { SITE_REDIRECT_AUDIT } from './site-redirect-audit';
import { WEBHOOK_AUDIT } from './webhook-audit';

export const AUDIT_EVENTS = 'auditEvents';

/** One recorded change to an organization's membership, access or settings. */
export interface AuditDoc {
  /** The event's id: an audit event is the stored event, seen by an auditor. */
  id: string;
  organizationId: string;
  /** The log position, zero-padded so that string order is log order (newest first = descending). */
  seq: string;
  action: string;
  actorId: string;
  source: string;
  occurredAt: string;
  correlationId: string;
  schemaVersion: number;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  [key: string]: unknown;
}

type Audited = OrganizationEvent | InviteEvent | TeamEvent | SAMLProviderEvent;
type Describe<T extends Audited['type']> = (data: Extract<Audited, { type: T }>['data']) => {
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * Every audited event type, its stable action name and what it changed. Member-related changes
 * target the user, so `target=<userId>` answers "what happened to this person".
 */
const AUDITED: { [T in Audited['type']]: { action: string; describe: Describe<T> } } = {
  OrganizationCreated: {
    action: 'organization.created',
    describe: (d) => ({ targetType: 'organization', targetId: d.organizationId, before: null, after: { title: d.title, emailDomains: d.emailDomains } }),
  },
  OrganizationSettingsChanged: {
    action: 'organization.settings_changed',
    describe: (d) => ({ targetType: 'organization', targetId: d.organizationId, before: d.before, after: d.changes }),
  },
  MemberJoined: {
    action: 'member.joined',
    describe: (d) => ({
      targetType: 'member',
      targetId: d.userId,
      before: null,
      after: { role: d.role, via: d.via, sso: d.sso ?? false, ...(d.inviteId ? { inviteId: d.inviteId } : {}) },
    }),
  },
  MemberRoleChanged: {
    action: 'member.role_changed',
    describe: (d) => ({ targetType: 'member', targetId: d.userId, before: { role: d.previousRole }, after: { role: d.role } }),
  },
  MemberSSOChanged: {
    action: 'member.sso_changed',
    describe: (d) => ({ targetType: 'member', targetId: d.userId, before: { sso: d.previousSso }, after: { sso: d.sso } }),
  },
  MemberRemoved: {
    action: 'member.removed',
    describe: (d) => ({ targetType: 'member', targetId: d.userId, before: { role: d.previousRole }, after: null }),
  },
  OrganizationInviteCreated: {
    action: 'invite.created',
    describe: (d) => ({ targetType: 'invite', targetId: d.inviteId, before: null, after: { role: d.role } }),
  },
  OrganizationInviteRoleChanged: {
    action: 'invite.role_changed',
    describe: (d) => ({ targetType: 'invite', targetId: d.inviteId, before: { role: d.previousRole }, after: { role: d.role } }),
  },
  OrganizationInviteDeleted: {
    action: 'invite.deleted',
    describe: (d) => ({ targetType: 'invite', targetId: d.inviteId, before: null, after: null }),
  },
  TeamCreated: {
    action: 'team.created',
    describe: (d) => ({ targetType: 'team', targetId: d.teamId, before: null, after: { title: d.title } }),
  },
  TeamRenamed: {
    action: 'team.renamed',
    describe: (d) => ({ targetType: 'team', targetId: d.teamId, before: { title: d.previousTitle }, after: { title: d.title } }),
  },
  TeamDeleted: {
    action: 'team.deleted',
    describe: (d) => ({ targetType: 'team', targetId: d.teamId, before: null, after: null }),
  },
  TeamMemberAdded: {
    action: 'team.member_added',
    describe: (d) => ({ targetType: 'member', targetId: d.userId, before: null, after: { teamId: d.teamId, role: d.role } }),
  },
  TeamMemberRoleChanged: {
    action: 'team.member_role_changed',
    describe: (d) => ({ targetType: 'member', targetId: d.userId, before: { teamId: d.teamId, role: d.previousRole }, after: { teamId: d.teamId, role: d.role } }),
  },
  TeamMemberRemoved: {
    action: 'team.member_removed',
    describe: (d) => ({ targetType: 'member', targetId: d.userId, before: { teamId: d.teamId, role: d.previousRole }, after: null }),
  },
  SAMLProviderCreated: {
    action: 'sso.provider_created',
    describe: ({ certificate: _pem, ...d }) => ({
      targetType: 'saml-provider',
      targetId: d.samlProviderId,
      before: null,
      after: { label: d.label, entityID: d.entityID, ssoURL: d.ssoURL, defaultTeam: d.defaultTeam, defaultRole: d.defaultRole },
    }),
  },
  SAMLProviderUpdated: {
    action: 'sso.provider_updated',
    describe: (d) => ({ targetType: 'saml-provider', targetId: d.samlProviderId, before: d.before, after: d.changes }),
  },
  SAMLProviderDeleted: {
    action: 'sso.provider_deleted',
    describe: (d) => ({ targetType: 'saml-provider', targetId: d.samlProviderId, before: null, after: null }),
  },
};

type Description = ReturnType<Describe<Audited['type']>>;
/** Every audited event type: identity's, and the content, collaboration and publishing events the organization's trail covers. */
const ALL_AUDITED: Record<string, { action: string; describe: (data: never) => Description }> = {
  ...AUDITED,
  ...CHANGE_REQUEST_AUDIT,
  ...COMMENT_AUDIT,
  ...SITE_AUDIT,
  ...SHARE_LINK_AUDIT,
  ...SITE_REDIRECT_AUDIT,
  ...OPENAPI_SPEC_AUDIT,
  ...WEBHOOK_AUDIT,
};

export const AUDIT_ACTIONS = Object.values(ALL_AUDITED).map((a) => a.action);

/** EventStoreDB positions fit in 20 decimal digits (they are 64-bit). */
const seqOf = (position: string) => position.padStart(20, '0');

function handler(type: string): ProjectionHandler {
  const { action, describe } = ALL_AUDITED[type] as { action: string; describe: (data: unknown) => Description };
  return async (event: StoredEvent, tx: ReadTransaction) => {
    const doc: AuditDoc = {
      id: event.eventId,
      organizationId: String(event.data.organizationId),
      seq: seqOf(event.position),
      action,
      actorId: event.metadata.actor,
      source: event.metadata.source,
      occurredAt: event.metadata.occurredAt,
      correlationId: event.metadata.correlationId,
      schemaVersion: event.metadata.schemaVersion,
      ...describe(event.data),
    };
    await tx.upsert(AUDIT_EVENTS, doc);
  };
}

/**
 * Reads the log itself (actor, time, request of every change), so it answers for the whole history.
 * Two indexes only: every index is one more random leaf page written per event. The trail newest first and
 * a target's trail ("what happened to this person") are index ranges; a list filtered by action or actor
 * walks the organization's trail newest first and stops once its page is full.
 */
export const auditProjection: Projection = {
  name: 'identity-audit',
  collections: [
    {
      name: AUDIT_EVENTS,
      indexes: [
        ['organizationId', 'seq'],
        ['organizationId', 'targetId', 'seq'],
      ],
    },
  ],
  handlers: Object.fromEntries(Object.keys(ALL_AUDITED).map((type) => [type, handler(type)])),
};
