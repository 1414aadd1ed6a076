import { GIVEN_METADATA, givenEventId, projectionSpec, stored } from '@folio/platform/testing/projection-spec';
import { InviteEvent } from '../invites/invite.events';
import { MemberActivityEvent } from '../member-activity/member-activity.events';
import { OrganizationEvent } from '../organizations/organization.events';
import { SAMLProviderEvent } from '../saml/saml-provider.events';
import { TeamEvent } from '../teams/team.events';
import { UserEvent } from '../users/user.events';
import { AUDIT_ACTIONS, AUDIT_EVENTS, AuditDoc, auditProjection } from './audit.projection';

type Event = OrganizationEvent | InviteEvent | TeamEvent | SAMLProviderEvent | UserEvent | MemberActivityEvent;

const spec = projectionSpec<Event>(auditProjection);
const now = '2026-01-01T00:00:00.000Z';
const organizationId = 'o1';

const orgCreated: Event = {
  type: 'OrganizationCreated',
  data: { organizationId, title: 'Acme', emailDomains: ['acme.test'], createdBy: 'u1', createdAt: now },
};
const settingsChanged: Event = {
  type: 'OrganizationSettingsChanged',
  data: { organizationId, changes: { title: 'Acme Inc', sso: true }, before: { title: 'Acme', sso: false }, changedAt: now },
};
const joined = (userId: string, extra: { sso?: boolean; inviteId?: string } = {}): Event => ({
  type: 'MemberJoined',
  data: { organizationId, userId, role: 'edit', via: extra.inviteId ? 'link-invite' : 'invite', joinedAt: now, ...extra },
});
const roleChanged: Event = {
  type: 'MemberRoleChanged',
  data: { organizationId, userId: 'u2', role: 'admin', previousRole: null, changedAt: now },
};
const ssoChanged: Event = {
  type: 'MemberSSOChanged',
  data: { organizationId, userId: 'u2', sso: true, previousSso: false, changedAt: now },
};
const removed: Event = { type: 'MemberRemoved', data: { organizationId, userId: 'u2', previousRole: 'read', removedAt: now } };
const inviteCreated: Event = { type: 'OrganizationInviteCreated', data: { inviteId: 'i1', organizationId, role: 'comment', createdAt: now } };
const inviteRoleChanged: Event = {
  type: 'OrganizationInviteRoleChanged',
  data: { inviteId: 'i1', organizationId, role: null, previousRole: 'comment', changedAt: now },
};
const inviteDeleted: Event = { type: 'OrganizationInviteDeleted', data: { inviteId: 'i1', organizationId, deletedAt: now } };
const teamCreated: Event = { type: 'TeamCreated', data: { teamId: 't1', organizationId, title: 'Writers', createdAt: now } };
const teamRenamed: Event = {
  type: 'TeamRenamed',
  data: { teamId: 't1', organizationId, title: 'Editors', previousTitle: 'Writers', renamedAt: now },
};
const teamDeleted: Event = { type: 'TeamDeleted', data: { teamId: 't1', organizationId, deletedAt: now } };
const teamMemberAdded: Event = {
  type: 'TeamMemberAdded',
  data: { teamId: 't1', organizationId, userId: 'u2', role: 'member', addedAt: now },
};
const teamMemberRoleChanged: Event = {
  type: 'TeamMemberRoleChanged',
  data: { teamId: 't1', organizationId, userId: 'u2', role: 'owner', previousRole: 'member', changedAt: now },
};
const teamMemberRemoved: Event = {
  type: 'TeamMemberRemoved',
  data: { teamId: 't1', organizationId, userId: 'u2', previousRole: 'owner', removedAt: now },
};
const samlSettings = {
  label: 'Okta',
  entityID: 'https://idp.test/entity',
  ssoURL: 'https://idp.test/sso',
  certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  defaultTeam: 't1',
  defaultRole: 'read' as const,
};
const samlCreated: Event = { type: 'SAMLProviderCreated', data: { samlProviderId: 's1', organizationId, createdAt: now, ...samlSettings } };
const samlUpdated: Event = {
  type: 'SAMLProviderUpdated',
  data: { samlProviderId: 's1', organizationId, changes: { label: 'Okta EU', defaultRole: null }, before: { label: 'Okta', defaultRole: 'read' }, updatedAt: now },
};
const samlDeleted: Event = { type: 'SAMLProviderDeleted', data: { samlProviderId: 's1', organizationId, deletedAt: now } };

type Described = Pick<AuditDoc, 'action' | 'targetType' | 'targetId' | 'before' | 'after'>;

/** The audit document of the only given event (position 1), with the default metadata. */
const recorded = (fields: Described): AuditDoc => ({
  id: givenEventId('1'),
  organizationId,
  seq: '00000000000000000001',
  actorId: GIVEN_METADATA.actor,
  source: GIVEN_METADATA.source,
  occurredAt: GIVEN_METADATA.occurredAt,
  correlationId: GIVEN_METADATA.correlationId,
  schemaVersion: GIVEN_METADATA.schemaVersion,
  ...fields,
});

/** Content's change-request events, as the log holds them (identity may not import content's types). */
const cr = { changeRequestId: 'cr1', spaceId: 's9', organizationId, number: 4 };
const crEvent = (type: string, data: Record<string, unknown>) => ({ type, data: { ...cr, ...data } }) as unknown as Event;
const crRevision = { id: 'r2', type: 'edits', parents: ['r1'], tree: 'tree', createdBy: 'u1', createdAt: now };
const crTouched = { pagesCreated: ['p1'], pagesUpdated: [], pagesDeleted: [], files: [] };
const crTarget = { targetType: 'change-request', targetId: 'cr1' };

/** Collaboration's comment events, as the log holds them (identity may not import collaboration's types). */
const thread = { commentId: 'c1', organizationId, spaceId: 's9', changeRequestId: 'cr1' };
const commentEvent = (type: string, data: Record<string, unknown>) => ({ type, data: { ...thread, ...data } }) as unknown as Event;
const replyEvent = (type: string, data: Record<string, unknown>) => commentEvent(type, { replyId: 'y1', ...data });
const commentBody = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: 'Typo?' }] }] }] };
const commentTarget = { targetType: 'comment', targetId: 'c1' };
const replyTarget = { targetType: 'comment-reply', targetId: 'y1' };

/** Publishing's site events, as the log holds them (identity may not import publishing's types). */
const siteEvent = (type: string, data: Record<string, unknown>) => ({ type, data: { siteId: 'w1', organizationId, ...data } }) as unknown as Event;
const siteTarget = { targetType: 'site', targetId: 'w1' };
/** Publishing's share-link events likewise. */
const shareLinkEvent = (type: string, data: Record<string, unknown>) => ({ type, data: { shareLinkId: 'l1', siteId: 'w1', organizationId, ...data } }) as unknown as Event;
const shareLinkTarget = { targetType: 'site-share-link', targetId: 'l1' };
/** Publishing's site-redirect events likewise. */
const redirectEvent = (type: string, data: Record<string, unknown>) => ({ type, data: { siteRedirectId: 'x1', siteId: 'w1', organizationId, ...data } }) as unknown as Event;
const redirectTarget = { targetType: 'site-redirect', targetId: 'x1' };
const toUrl = { kind: 'external', url: 'https://example.com/' };
/** Content's OpenAPI spec events likewise. */
const specEvent = (type: string, data: Record<string, unknown>) => ({ type, data: { specId: 'a1', organizationId, ...data } }) as unknown as Event;
const specTarget = { targetType: 'openapi-spec', targetId: 'a1' };
const specBytes = { object: 'h1', size: 10 };
/** Integrations' webhook events likewise. */
const webhookEvent = (type: string, data: Record<string, unknown>) => ({ type, data: { webhookId: 'k1', organizationId, ...data } }) as unknown as Event;
const webhookTarget = { targetType: 'webhook', targetId: 'k1' };
const sealedSecret = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };

/** One row per audited event type (and variant): what the trail must say about it. */
const actions: [string, Event, Described][] = [
    ['organization.created', orgCreated, { action: 'organization.created', targetType: 'organization', targetId: 'o1', before: null, after: { title: 'Acme', emailDomains: ['acme.test'] } }],
    ['organization.settings_changed', settingsChanged, { action: 'organization.settings_changed', targetType: 'organization', targetId: 'o1', before: { title: 'Acme', sso: false }, after: { title: 'Acme Inc', sso: true } }],
    ['member.joined', joined('u2'), { action: 'member.joined', targetType: 'member', targetId: 'u2', before: null, after: { role: 'edit', via: 'invite', sso: false } }],
    ['member.joined through a link invite, by SSO', joined('u2', { inviteId: 'i1', sso: true }), { action: 'member.joined', targetType: 'member', targetId: 'u2', before: null, after: { role: 'edit', via: 'link-invite', sso: true, inviteId: 'i1' } }],
    ['member.role_changed', roleChanged, { action: 'member.role_changed', targetType: 'member', targetId: 'u2', before: { role: null }, after: { role: 'admin' } }],
    ['member.sso_changed', ssoChanged, { action: 'member.sso_changed', targetType: 'member', targetId: 'u2', before: { sso: false }, after: { sso: true } }],
    ['member.removed', removed, { action: 'member.removed', targetType: 'member', targetId: 'u2', before: { role: 'read' }, after: null }],
    ['invite.created', inviteCreated, { action: 'invite.created', targetType: 'invite', targetId: 'i1', before: null, after: { role: 'comment' } }],
    ['invite.role_changed', inviteRoleChanged, { action: 'invite.role_changed', targetType: 'invite', targetId: 'i1', before: { role: 'comment' }, after: { role: null } }],
    ['invite.deleted', inviteDeleted, { action: 'invite.deleted', targetType: 'invite', targetId: 'i1', before: null, after: null }],
    ['team.created', teamCreated, { action: 'team.created', targetType: 'team', targetId: 't1', before: null, after: { title: 'Writers' } }],
    ['team.renamed', teamRenamed, { action: 'team.renamed', targetType: 'team', targetId: 't1', before: { title: 'Writers' }, after: { title: 'Editors' } }],
    ['team.deleted', teamDeleted, { action: 'team.deleted', targetType: 'team', targetId: 't1', before: null, after: null }],
    ['team.member_added', teamMemberAdded, { action: 'team.member_added', targetType: 'member', targetId: 'u2', before: null, after: { teamId: 't1', role: 'member' } }],
    ['team.member_role_changed', teamMemberRoleChanged, { action: 'team.member_role_changed', targetType: 'member', targetId: 'u2', before: { teamId: 't1', role: 'member' }, after: { teamId: 't1', role: 'owner' } }],
    ['team.member_removed', teamMemberRemoved, { action: 'team.member_removed', targetType: 'member', targetId: 'u2', before: { teamId: 't1', role: 'owner' }, after: null }],
    ['sso.provider_created, without the certificate', samlCreated, { action: 'sso.provider_created', targetType: 'saml-provider', targetId: 's1', before: null, after: { label: 'Okta', entityID: 'https://idp.test/entity', ssoURL: 'https://idp.test/sso', defaultTeam: 't1', defaultRole: 'read' } }],
    ['sso.provider_updated', samlUpdated, { action: 'sso.provider_updated', targetType: 'saml-provider', targetId: 's1', before: { label: 'Okta', defaultRole: 'read' }, after: { label: 'Okta EU', defaultRole: null } }],
    ['change_request.created', crEvent('ChangeRequestCreated', { subject: 'Intro', createdBy: 'u1', revision: 'r1', tree: 't', createdAt: now }), { action: 'change_request.created', ...crTarget, before: null, after: { spaceId: 's9', number: 4, subject: 'Intro', revision: 'r1' } }],
    ['change_request.subject_changed', crEvent('ChangeRequestDetailsChanged', { changes: { subject: 'B' }, before: { subject: 'A' }, updatedAt: now }), { action: 'change_request.subject_changed', ...crTarget, before: { subject: 'A' }, after: { subject: 'B' } }],
    ['change_request.status_changed', crEvent('ChangeRequestStatusChanged', { status: 'open', previousStatus: 'draft', changedAt: now }), { action: 'change_request.status_changed', ...crTarget, before: { status: 'draft' }, after: { status: 'open' } }],
    ['change_request.content_edited', crEvent('ChangeRequestContentEdited', { revision: crRevision, touched: crTouched, editedAt: now }), { action: 'change_request.content_edited', ...crTarget, before: null, after: { revision: 'r2', touched: crTouched } }],
    ['change_request.updated', crEvent('ChangeRequestUpdatedFromMain', { revision: crRevision, mergedAncestor: 'm1', mergedAncestorTree: 't', updatedAt: now }), { action: 'change_request.updated', ...crTarget, before: null, after: { revision: 'r2', mergedAncestor: 'm1' } }],
    ['change_request.review_submitted', crEvent('ChangeRequestReviewSubmitted', { reviewId: 'v1', reviewer: 'u2', status: 'approved', revision: 'r2', submittedAt: now }), { action: 'change_request.review_submitted', ...crTarget, before: null, after: { reviewId: 'v1', status: 'approved', revision: 'r2' } }],
    ['change_request.reviewers_requested', crEvent('ChangeRequestReviewersRequested', { reviewers: [{ kind: 'user', user: 'u2' }], requestedBy: 'u1', revision: 'r2', requestedAt: now }), { action: 'change_request.reviewers_requested', ...crTarget, before: null, after: { reviewers: [{ kind: 'user', user: 'u2' }] } }],
    ['change_request.reviewer_removed', crEvent('ChangeRequestReviewerRemoved', { reviewer: { kind: 'team', team: 't1' }, removedAt: now }), { action: 'change_request.reviewer_removed', ...crTarget, before: { reviewer: { kind: 'team', team: 't1' } }, after: null }],
    ['change_request.merged', crEvent('ChangeRequestMerged', { revisionMerged: 'm2', mergedBy: 'u1', previousStatus: 'open', mergedAt: now }), { action: 'change_request.merged', ...crTarget, before: { status: 'open' }, after: { status: 'merged', revisionMerged: 'm2' } }],
    ['comment.posted, without the body', commentEvent('CommentPosted', { revision: 'r2', target: { page: 'p1', node: 'k1' }, body: commentBody, postedBy: 'u1', postedAt: now }), { action: 'comment.posted', ...commentTarget, before: null, after: { spaceId: 's9', changeRequestId: 'cr1', target: { page: 'p1', node: 'k1' } } }],
    ['comment.posted on the space itself', commentEvent('CommentPosted', { changeRequestId: null, revision: 'r1', target: {}, body: commentBody, postedBy: 'u1', postedAt: now }), { action: 'comment.posted', ...commentTarget, before: null, after: { spaceId: 's9', changeRequestId: null, target: {} } }],
    ['comment.edited, without the body', commentEvent('CommentEdited', { body: commentBody, editedBy: 'u1', editedAt: now }), { action: 'comment.edited', ...commentTarget, before: null, after: null }],
    ['comment.resolved', commentEvent('CommentResolved', { resolvedBy: 'u2', resolvedAt: now }), { action: 'comment.resolved', ...commentTarget, before: { status: 'open' }, after: { status: 'resolved' } }],
    ['comment.reopened', commentEvent('CommentReopened', { reopenedBy: 'u2', reopenedAt: now }), { action: 'comment.reopened', ...commentTarget, before: { status: 'resolved' }, after: { status: 'open' } }],
    ['comment.deleted', commentEvent('CommentDeleted', { deletedBy: 'u1', deletedAt: now, wasOpen: true, replyIds: ['y1', 'y2'] }), { action: 'comment.deleted', ...commentTarget, before: { status: 'open', replies: 2 }, after: null }],
    ['comment.deleted with its purged space', commentEvent('CommentDeleted', { deletedBy: 'system', deletedAt: now, wasOpen: false, replyIds: [], reason: 'space-purged' }), { action: 'comment.deleted', ...commentTarget, before: { status: 'resolved', replies: 0, reason: 'space-purged' }, after: null }],
    ['comment_reply.posted, without the body', replyEvent('CommentReplyPosted', { body: commentBody, postedBy: 'u2', postedAt: now }), { action: 'comment_reply.posted', ...replyTarget, before: null, after: { commentId: 'c1', spaceId: 's9', changeRequestId: 'cr1' } }],
    ['comment_reply.edited, without the body', replyEvent('CommentReplyEdited', { body: commentBody, editedBy: 'u2', editedAt: now }), { action: 'comment_reply.edited', ...replyTarget, before: null, after: null }],
    ['comment_reply.resolved', replyEvent('CommentReplyResolved', { resolvedBy: 'u1', resolvedAt: now }), { action: 'comment_reply.resolved', ...replyTarget, before: { status: 'open' }, after: { status: 'resolved' } }],
    ['comment_reply.reopened', replyEvent('CommentReplyReopened', { reopenedBy: 'u1', reopenedAt: now }), { action: 'comment_reply.reopened', ...replyTarget, before: { status: 'resolved' }, after: { status: 'open' } }],
    ['comment_reply.deleted', replyEvent('CommentReplyDeleted', { deletedBy: 'u2', deletedAt: now }), { action: 'comment_reply.deleted', ...replyTarget, before: null, after: null }],
    ['site.created', siteEvent('SiteCreated', { type: 'basic', title: 'Docs', visibility: 'public', createdBy: 'u1', createdAt: now }), { action: 'site.created', ...siteTarget, before: null, after: { type: 'basic', title: 'Docs', visibility: 'public' } }],
    ['site.settings_changed', siteEvent('SiteSettingsChanged', { changes: { title: 'Help', basename: null }, before: { title: 'Docs', basename: 'docs' }, changedAt: now }), { action: 'site.settings_changed', ...siteTarget, before: { title: 'Docs', basename: 'docs' }, after: { title: 'Help', basename: null } }],
    ['site.published', siteEvent('SitePublished', { publishedAt: now }), { action: 'site.published', ...siteTarget, before: null, after: null }],
    ['site.unpublished', siteEvent('SiteUnpublished', { unpublishedAt: now }), { action: 'site.unpublished', ...siteTarget, before: null, after: null }],
    ['site.deleted', siteEvent('SiteDeleted', { deletedAt: now }), { action: 'site.deleted', ...siteTarget, before: null, after: null }],
    ['site.share_link_created, without the key', shareLinkEvent('SiteShareLinkCreated', { name: 'Reviewers', key: 'secret', createdBy: 'u1', createdAt: now }), { action: 'site.share_link_created', ...shareLinkTarget, before: null, after: { siteId: 'w1', name: 'Reviewers', active: true } }],
    ['site.share_link_changed', shareLinkEvent('SiteShareLinkChanged', { changes: { active: false }, before: { active: true }, changedAt: now }), { action: 'site.share_link_changed', ...shareLinkTarget, before: { siteId: 'w1', active: true }, after: { siteId: 'w1', active: false } }],
    ['site.share_link_revoked', shareLinkEvent('SiteShareLinkRevoked', { revokedBy: 'u1', revokedAt: now }), { action: 'site.share_link_revoked', ...shareLinkTarget, before: { siteId: 'w1' }, after: null }],
    ['site.redirect_created', redirectEvent('SiteRedirectCreated', { source: '/old', draft: false, captureWildcard: false, permanent: true, destination: toUrl, createdBy: 'u1', createdAt: now }), { action: 'site.redirect_created', ...redirectTarget, before: null, after: { siteId: 'w1', source: '/old', draft: false, captureWildcard: false, permanent: true, destination: toUrl } }],
    ['site.redirect_changed', redirectEvent('SiteRedirectChanged', { changes: { source: '/new' }, before: { source: '/old' }, changedAt: now }), { action: 'site.redirect_changed', ...redirectTarget, before: { siteId: 'w1', source: '/old' }, after: { siteId: 'w1', source: '/new' } }],
    ['site.redirect_deleted', redirectEvent('SiteRedirectDeleted', { source: '/old', draft: true, deletedBy: 'u1', deletedAt: now }), { action: 'site.redirect_deleted', ...redirectTarget, before: { siteId: 'w1', source: '/old', draft: true }, after: null }],
    ['openapi_spec.created', specEvent('OpenAPISpecCreated', { slug: 'pets', createdBy: 'u1', createdAt: now }), { action: 'openapi_spec.created', ...specTarget, before: null, after: { slug: 'pets', visibility: 'private' } }],
    [
      'openapi_spec.version_added, without the text or the document',
      specEvent('OpenAPISpecVersionAdded', { versionId: 'v1', submissionId: 's1', slug: 'pets', text: specBytes, format: 'yaml', openapiVersion: '3.1.0', document: specBytes, sourceURL: 'https://example.com/pets.yaml', createdAt: now }),
      { action: 'openapi_spec.version_added', ...specTarget, before: null, after: { slug: 'pets', versionId: 'v1', openapiVersion: '3.1.0', sourceURL: 'https://example.com/pets.yaml' } },
    ],
    ['openapi_spec.visibility_changed', specEvent('OpenAPISpecVisibilityChanged', { slug: 'pets', visibility: 'public', before: 'private', changedBy: 'u1', changedAt: now }), { action: 'openapi_spec.visibility_changed', ...specTarget, before: { slug: 'pets', visibility: 'private' }, after: { slug: 'pets', visibility: 'public' } }],
    ['openapi_spec.deleted', specEvent('OpenAPISpecDeleted', { slug: 'pets', deletedBy: 'u1', deletedAt: now }), { action: 'openapi_spec.deleted', ...specTarget, before: { slug: 'pets' }, after: null }],
    [
      'webhook.created, without the secret',
      webhookEvent('WebhookCreated', { url: 'https://hooks.example.com/', events: ['*'], description: null, active: true, secret: sealedSecret, createdAt: now, createdBy: 'u1' }),
      { action: 'webhook.created', ...webhookTarget, before: null, after: { url: 'https://hooks.example.com/', events: ['*'], description: null, active: true } },
    ],
    ['webhook.updated', webhookEvent('WebhookUpdated', { changes: { active: false }, before: { active: true }, updatedAt: now }), { action: 'webhook.updated', ...webhookTarget, before: { active: true }, after: { active: false } }],
    ['webhook.disabled', webhookEvent('WebhookDisabled', { failures: 20, disabledAt: now }), { action: 'webhook.disabled', ...webhookTarget, before: { active: true }, after: { active: false, failures: 20 } }],
    ['webhook.secret_rotated, without the secret', webhookEvent('WebhookSecretRotated', { secret: sealedSecret, rotatedAt: now }), { action: 'webhook.secret_rotated', ...webhookTarget, before: null, after: null }],
    ['webhook.deleted', webhookEvent('WebhookDeleted', { deletedAt: now }), { action: 'webhook.deleted', ...webhookTarget, before: null, after: null }],
    ['sso.provider_deleted', samlDeleted, { action: 'sso.provider_deleted', targetType: 'saml-provider', targetId: 's1', before: null, after: null }],
];

describe('audit projection', () => {
  it.each(actions)('records %s: action, target, before and after', (_case, event, fields) =>
    spec.given([event]).then(AUDIT_EVENTS, [recorded(fields)]));

  it("records nothing of a merge's progress: only its end (merged) is an action", () =>
    spec
      .given([
        crEvent('ChangeRequestMergeStarted', { mergeId: 'g1', head: 'r2', startedAt: now, expiresAt: now }),
        crEvent('ChangeRequestMergeAbandoned', { mergeId: 'g1', reason: 'conflicts', abandonedAt: now }),
        crEvent('ChangeRequestConflictsMet', { main: 'm1', mainTree: 't1', head: 'r2', headTree: 't2', metAt: now }),
      ])
      .then(AUDIT_EVENTS, []));

  it('has a row above for every action it records', () =>
    // A newly audited event type without a row fails here.
    expect([...new Set(actions.map(([, , d]) => d.action))].sort()).toEqual([...AUDIT_ACTIONS].sort()));

  it('keys the document by the event id and takes who, when, how and which request from the metadata', () =>
    spec
      .given([
        stored(roleChanged, {
          eventId: '5b7f3c2e-8a41-4c2b-9d7e-1f0a2b3c4d5e',
          position: '42',
          metadata: { actor: 'u1', source: 'script', correlationId: 'req-7', occurredAt: '2026-03-04T05:06:07.890Z', schemaVersion: 2 },
        }),
      ])
      .thenDocument(AUDIT_EVENTS, '5b7f3c2e-8a41-4c2b-9d7e-1f0a2b3c4d5e', {
        id: '5b7f3c2e-8a41-4c2b-9d7e-1f0a2b3c4d5e',
        organizationId,
        seq: '00000000000000000042',
        action: 'member.role_changed',
        actorId: 'u1',
        source: 'script',
        occurredAt: '2026-03-04T05:06:07.890Z',
        correlationId: 'req-7',
        schemaVersion: 2,
        targetType: 'member',
        targetId: 'u2',
        before: { role: null },
        after: { role: 'admin' },
      }));

  it('ignores events that change no organization membership, access or setting, and reactions to comments', () =>
    spec
      .given([
        { type: 'UserCreated', data: { userId: 'u2', email: 'ada@acme.test', displayName: 'Ada', createdAt: now } },
        { type: 'ApiTokenIssued', data: { userId: 'u2', tokenId: 'k1', tokenHash: 'h1', issuedAt: now } },
        { type: 'MemberSeen', data: { organizationId, userId: 'u2', seenAt: now } },
        commentEvent('CommentReactionAdded', { emoji: '👍', userId: 'u2', reactedAt: now }),
        replyEvent('CommentReactionRemoved', { emoji: '👍', userId: 'u2', removedAt: now }),
      ])
      .thenNone(AUDIT_EVENTS));

  it('lists newest first in log order, whatever the positions\u2019 digit counts (seq is zero-padded)', () =>
    spec
      .given([
        stored(orgCreated, { position: '9', eventId: 'e9' }),
        stored(joined('u2'), { position: '10', eventId: 'e10' }),
        stored(roleChanged, { position: '123456789', eventId: 'e123456789' }),
        // An EventStoreDB commit position beyond 2^53.
        stored(removed, { position: '18446744073709551615', eventId: 'emax' }),
      ])
      .thenFinds(AUDIT_EVENTS, { filter: { organizationId }, sort: { field: 'seq', direction: 'desc' } }, ['emax', 'e123456789', 'e10', 'e9']));

  it.each([
    ['action', { action: 'member.role_changed' }, ['e3']],
    ['actor', { actorId: 'u9' }, ['e4', 'e2']],
    ['target', { targetId: 'u2' }, ['e4', 'e3', 'e2']],
  ])('answers the %s filter newest first, within the organization', (_case, filter, ids) =>
    spec
      .given([
        stored(orgCreated, { eventId: 'e1' }),
        stored(joined('u2'), { eventId: 'e2', metadata: { actor: 'u9' } }),
        stored(roleChanged, { eventId: 'e3' }),
        stored(removed, { eventId: 'e4', metadata: { actor: 'u9' } }),
        stored({ ...removed, data: { ...removed.data, organizationId: 'o2' } }, { eventId: 'e5', metadata: { actor: 'u9' } }),
      ])
      .thenFinds(AUDIT_EVENTS, { filter: { organizationId, ...filter }, sort: { field: 'seq', direction: 'desc' } }, ids));

  describe('action and actor filters walk the trail newest first (no index of their own), page by page', () => {
    // Two organizations interleaved; o1's matches are spread among non-matches, so pages end mid-scan.
    const elsewhere = (event: Event): Event => ({ ...event, data: { ...event.data, organizationId: 'o2' } }) as Event;
    const trail = [
      stored(orgCreated, { eventId: 'e01' }),
      stored(joined('u2'), { eventId: 'e02', metadata: { actor: 'u9' } }),
      stored(elsewhere(joined('u2')), { eventId: 'e03', metadata: { actor: 'u9' } }),
      stored(roleChanged, { eventId: 'e04' }),
      stored(joined('u3'), { eventId: 'e05' }),
      stored(elsewhere(joined('u3')), { eventId: 'e06' }),
      stored(ssoChanged, { eventId: 'e07', metadata: { actor: 'u9' } }),
      stored(joined('u4'), { eventId: 'e08', metadata: { actor: 'u9' } }),
      stored(removed, { eventId: 'e09' }),
      stored(joined('u5'), { eventId: 'e10', metadata: { actor: 'u9' } }),
      stored(elsewhere(removed), { eventId: 'e11', metadata: { actor: 'u9' } }),
    ];
    const newestFirst = { field: 'seq', direction: 'desc' } as const;

    it.each([
      ['action, pages of 2', { action: 'member.joined' }, 2, [['e10', 'e08'], ['e05', 'e02']]],
      ['action, pages of 3', { action: 'member.joined' }, 3, [['e10', 'e08', 'e05'], ['e02']]],
      ['actor, pages of 1', { actorId: 'u9' }, 1, [['e10'], ['e08'], ['e07'], ['e02']]],
      ['action and actor', { action: 'member.joined', actorId: 'u9' }, 2, [['e10', 'e08'], ['e02']]],
      ['an action with no entry', { action: 'team.created' }, 2, [[]]],
    ])('%s', (_case, filter, limit, pages) =>
      spec.given(trail).thenPages(AUDIT_EVENTS, { filter: { organizationId, ...filter }, sort: newestFirst }, limit, pages));
  });

  const history = [orgCreated, settingsChanged, joined('u2'), roleChanged, ssoChanged, inviteCreated, inviteRoleChanged, inviteDeleted,
    teamCreated, teamRenamed, teamMemberAdded, teamMemberRoleChanged, teamMemberRemoved, teamDeleted, samlCreated, samlUpdated, samlDeleted, removed,
    commentEvent('CommentPosted', { revision: 'r1', target: {}, body: commentBody, postedBy: 'u1', postedAt: now }),
    replyEvent('CommentReplyPosted', { body: commentBody, postedBy: 'u2', postedAt: now }),
    commentEvent('CommentDeleted', { deletedBy: 'u1', deletedAt: now, wasOpen: true, replyIds: ['y1'] }),
    siteEvent('SiteCreated', { type: 'basic', title: 'Docs', visibility: 'public', createdBy: 'u1', createdAt: now }),
    siteEvent('SiteSettingsChanged', { changes: { title: 'Help' }, before: { title: 'Docs' }, changedAt: now }),
    siteEvent('SitePublished', { publishedAt: now }),
    siteEvent('SiteDeleted', { deletedAt: now }),
    shareLinkEvent('SiteShareLinkCreated', { name: 'Reviewers', key: 'secret', createdBy: 'u1', createdAt: now }),
    shareLinkEvent('SiteShareLinkChanged', { changes: { name: 'Legal' }, before: { name: 'Reviewers' }, changedAt: now }),
    shareLinkEvent('SiteShareLinkRevoked', { revokedBy: 'u1', revokedAt: now })];

  it('records each event once, however often it is replayed', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
