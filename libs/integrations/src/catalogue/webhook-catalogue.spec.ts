import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { ALL_EVENTS, subscribes, unknownEventNames, VIEWED_EVENT_TYPES, viewOf, WEBHOOK_EVENT_NAMES } from './webhook-catalogue';

/** A stored event as the log hands it to the dispatcher, with real-shaped data. */
const stored = (type: string, data: Record<string, unknown>): StoredEvent => ({
  eventId: '00000000-0000-4000-8000-000000000001',
  type,
  data,
  metadata: { actor: 'u1', source: 'api', correlationId: 'c1', causationId: null, occurredAt: '2026-03-01T09:00:00.000Z', schemaVersion: 1 },
  stream: 'any-stream',
  revision: 0n,
  position: '1',
});

const org = 'o1';
const revisionRecord = { id: 'r2', type: 'merge', parents: ['r1'], tree: 'tree-hash', createdBy: 'u1', createdAt: '2026-03-01T09:00:00.000Z' };
const body = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };

describe('the webhook event catalogue', () => {
  it('names every event uniquely, dotted and lowercase, and lists them sorted', () => {
    expect(new Set(WEBHOOK_EVENT_NAMES).size).toBe(WEBHOOK_EVENT_NAMES.length);
    for (const name of WEBHOOK_EVENT_NAMES) expect(name).toMatch(/^[a-z]+(_[a-z]+)*\.[a-z]+(_[a-z]+)*$/);
    expect([...WEBHOOK_EVENT_NAMES]).toEqual([...WEBHOOK_EVENT_NAMES].sort());
    expect(VIEWED_EVENT_TYPES).toHaveLength(WEBHOOK_EVENT_NAMES.length);
  });

  it('knows its names and `*`, nothing else', () => {
    expect(unknownEventNames(['space.created', ALL_EVENTS, 'space.exploded', 'constructor', '__proto__'])).toEqual(['space.exploded', 'constructor', '__proto__']);
    expect(subscribes(['*'], 'site.published')).toBe(true);
    expect(subscribes(['site.created'], 'site.published')).toBe(false);
  });

  it('sees no event of a type it does not list, nor one without an organization', () => {
    expect(viewOf(stored('WebhookCreated', { organizationId: org, webhookId: 'w1' }))).toBeNull();
    expect(viewOf(stored('toString', { organizationId: org }))).toBeNull();
    expect(viewOf(stored('SpaceDeleted', { spaceId: 's1', deletedAt: 't' }))).toBeNull();
  });

  it('space events: ids and settings, a new revision by id, never the tree', () => {
    expect(
      viewOf(
        stored('SpaceCreated', {
          spaceId: 's1', organizationId: org, parent: null, position: 'a0', visibility: 'private', revision: 'r1', tree: 't', createdAt: 't',
          title: 'Docs', emoji: '', editMode: 'live', defaultLevel: 'inherit', language: null, mergeRules: { kind: 'inherit' },
        }),
      ),
    ).toEqual({ name: 'space.created', organizationId: org, data: { spaceId: 's1', title: 'Docs', parent: null, visibility: 'private', revisionId: 'r1' } });
    expect(viewOf(stored('SpaceUpdated', { spaceId: 's1', organizationId: org, changes: { title: 'New' }, before: { title: 'Old' }, updatedAt: 't' }))).toEqual({
      name: 'space.updated', organizationId: org, data: { spaceId: 's1', changes: { title: 'New' }, before: { title: 'Old' } },
    });
    expect(viewOf(stored('SpaceContentChanged', { spaceId: 's1', organizationId: org, revision: revisionRecord, changeRequest: { id: 'cr1', number: 3 }, changedAt: 't' }))).toEqual({
      name: 'space.content_updated', organizationId: org, data: { spaceId: 's1', revisionId: 'r2', changeRequest: { id: 'cr1', number: 3 } },
    });
    expect(viewOf(stored('SpaceTransferred', { spaceId: 's1', organizationId: 'o2', previousOrganizationId: org, parent: null, previousParent: 'c1', position: 'a', transferredAt: 't' }))).toEqual({
      name: 'space.transferred', organizationId: 'o2', data: { spaceId: 's1', previousOrganizationId: org, parent: null },
    });
    expect(viewOf(stored('SpaceDeleted', { spaceId: 's1', organizationId: org, deletedAt: 't', cascadeFrom: 'c1' }))).toEqual({ name: 'space.deleted', organizationId: org, data: { spaceId: 's1' } });
  });

  it('change request events: the request, its status and revisions, never a description', () => {
    const request = { changeRequestId: 'cr1', spaceId: 's1', organizationId: org, number: 7 };
    const ids = { spaceId: 's1', changeRequestId: 'cr1', number: 7 };
    expect(viewOf(stored('ChangeRequestCreated', { ...request, subject: 'Fix typos', createdBy: 'u1', revision: 'r1', tree: 't', createdAt: 't' }))).toEqual({
      name: 'change_request.created', organizationId: org, data: { ...ids, subject: 'Fix typos', createdBy: 'u1', revisionId: 'r1' },
    });
    expect(viewOf(stored('ChangeRequestDetailsChanged', { ...request, changes: { subject: 'New', description: body }, before: { subject: 'Old', description: null }, updatedAt: 't' }))).toEqual({
      name: 'change_request.subject_changed', organizationId: org, data: { ...ids, changed: ['description', 'subject'], subject: 'New' },
    });
    expect(viewOf(stored('ChangeRequestStatusChanged', { ...request, status: 'open', previousStatus: 'draft', changedAt: 't' }))?.data).toEqual({ ...ids, status: 'open', previousStatus: 'draft' });
    expect(viewOf(stored('ChangeRequestContentEdited', { ...request, revision: revisionRecord, touched: { pagesCreated: [], pagesUpdated: ['p1'], pagesDeleted: [], files: [] }, editedAt: 't' }))).toEqual({
      name: 'change_request.content_edited', organizationId: org, data: { ...ids, revisionId: 'r2' },
    });
    expect(viewOf(stored('ChangeRequestReviewSubmitted', { ...request, reviewId: 'v1', reviewer: 'u2', status: 'approved', revision: 'r2', comment: body, submittedAt: 't' }))).toEqual({
      name: 'change_request.review_submitted', organizationId: org, data: { ...ids, reviewId: 'v1', reviewer: 'u2', status: 'approved', revisionId: 'r2' },
    });
    expect(viewOf(stored('ChangeRequestReviewersRequested', { ...request, reviewers: [{ kind: 'user', user: 'u2' }], requestedBy: 'u1', revision: 'r2', requestedAt: 't' }))?.name).toBe('change_request.reviewers_requested');
    expect(viewOf(stored('ChangeRequestMerged', { ...request, revisionMerged: 'r3', mergedBy: 'u1', previousStatus: 'open', mergedAt: 't' }))).toEqual({
      name: 'change_request.merged', organizationId: org, data: { ...ids, mergedBy: 'u1', previousStatus: 'open', revisionMerged: 'r3' },
    });
    expect(viewOf(stored('ChangeRequestMergeStarted', { ...request, mergeId: 'm1', head: 'r2', startedAt: 't', expiresAt: 't' }))).toBeNull();
  });

  it('comment events: the thread and who acted, never a body', () => {
    const thread = { commentId: 'c1', organizationId: org, spaceId: 's1', changeRequestId: null };
    const posted = viewOf(stored('CommentPosted', { ...thread, revision: 'r1', target: { page: 'p1' }, body, postedBy: 'u1', postedAt: 't' }));
    expect(posted).toEqual({ name: 'comment.posted', organizationId: org, data: { spaceId: 's1', changeRequestId: null, commentId: 'c1', target: { page: 'p1' }, postedBy: 'u1' } });
    const reply = viewOf(stored('CommentReplyPosted', { ...thread, replyId: 'r1', body, postedBy: 'u2', postedAt: 't' }));
    expect(reply).toEqual({ name: 'comment_reply.posted', organizationId: org, data: { spaceId: 's1', changeRequestId: null, commentId: 'c1', replyId: 'r1', postedBy: 'u2' } });
    expect(viewOf(stored('CommentEdited', { ...thread, body, editedBy: 'u1', editedAt: 't' }))?.data).not.toHaveProperty('body');
    expect(viewOf(stored('CommentDeleted', { ...thread, deletedBy: 'u1', deletedAt: 't', wasOpen: true, replyIds: ['r1'] }))?.data).toEqual({
      spaceId: 's1', changeRequestId: null, commentId: 'c1', deletedBy: 'u1', replyIds: ['r1'],
    });
    expect(viewOf(stored('CommentReactionAdded', { ...thread, emoji: '👍', userId: 'u1', reactedAt: 't' }))).toBeNull();
  });

  it('site events: the site, its settings as changed, its spaces', () => {
    const site = { siteId: 'site1', organizationId: org };
    expect(viewOf(stored('SiteCreated', { ...site, type: 'basic', title: 'Docs', visibility: 'public', createdBy: 'u1', createdAt: 't' }))?.data).toEqual({
      siteId: 'site1', type: 'basic', title: 'Docs', visibility: 'public', createdBy: 'u1',
    });
    expect(viewOf(stored('SitePublished', { ...site, publishedAt: 't' }))).toEqual({ name: 'site.published', organizationId: org, data: { siteId: 'site1' } });
    expect(viewOf(stored('SiteSettingsChanged', { ...site, changes: { title: 'B' }, before: { title: 'A' }, changedAt: 't' }))?.name).toBe('site.settings_changed');
    expect(viewOf(stored('SiteSpaceAdded', { ...site, siteSpaceId: 'ss1', spaceId: 's1', sectionId: null, path: 'docs', position: 'a', addedAt: 't' }))?.data).toEqual({
      siteId: 'site1', siteSpaceId: 'ss1', spaceId: 's1', sectionId: null, path: 'docs',
    });
  });

  it('member events: who, with which role', () => {
    expect(viewOf(stored('MemberJoined', { organizationId: org, userId: 'u2', role: 'read', via: 'email-domain', joinedAt: 't', sso: false }))).toEqual({
      name: 'member.joined', organizationId: org, data: { userId: 'u2', role: 'read', via: 'email-domain' },
    });
    expect(viewOf(stored('MemberRoleChanged', { organizationId: org, userId: 'u2', role: 'admin', previousRole: 'read', changedAt: 't' }))?.data).toEqual({ userId: 'u2', role: 'admin', previousRole: 'read' });
    expect(viewOf(stored('MemberRemoved', { organizationId: org, userId: 'u2', previousRole: 'admin', removedAt: 't' }))?.name).toBe('member.removed');
    expect(viewOf(stored('OrganizationCreated', { organizationId: org, title: 'Acme', emailDomains: [], createdBy: 'u1', createdAt: 't' }))).toBeNull();
  });

  it('OpenAPI spec events: versions by id, failures by code, never the text', () => {
    const spec = { specId: 'sp1', organizationId: org };
    const bytes = { object: 'sha', size: 10 };
    expect(viewOf(stored('OpenAPISpecCreated', { ...spec, slug: 'petstore', createdBy: 'u1', createdAt: 't' }))?.data).toEqual({ specId: 'sp1', slug: 'petstore', createdBy: 'u1' });
    expect(
      viewOf(stored('OpenAPISpecVersionAdded', { ...spec, versionId: 'v1', submissionId: 'sub1', slug: 'petstore', text: bytes, format: 'yaml', openapiVersion: '3.1.0', document: bytes, sourceURL: 'https://x/spec.yaml', createdAt: 't' })),
    ).toEqual({ name: 'openapi_spec.version_added', organizationId: org, data: { specId: 'sp1', slug: 'petstore', versionId: 'v1', openapiVersion: '3.1.0' } });
    const failed = { ok: false, errorCode: 'PARSE_ERROR', errors: [{ message: 'bad' }], errorCount: 1 };
    expect(viewOf(stored('OpenAPISpecProcessed', { ...spec, submissionId: 'sub1', outcome: failed, processedAt: 't' }))).toEqual({
      name: 'openapi_spec.processing_failed', organizationId: org, data: { specId: 'sp1', submissionId: 'sub1', errorCode: 'PARSE_ERROR', errorCount: 1 },
    });
    const ok = { ok: true, text: bytes, format: 'yaml', openapiVersion: '3.1.0', document: bytes };
    expect(viewOf(stored('OpenAPISpecProcessed', { ...spec, submissionId: 'sub1', outcome: ok, processedAt: 't' }))).toBeNull();
    expect(viewOf(stored('OpenAPISpecDeleted', { ...spec, slug: 'petstore', deletedBy: 'u1', deletedAt: 't' }))?.name).toBe('openapi_spec.deleted');
  });

  it('translation events: the translation, its spaces and its runs, never the instructions', () => {
    const translation = { translationId: 't1', organizationId: org };
    expect(
      viewOf(stored('TranslationCreated', { ...translation, sourceSpaceId: 's1', sourceLanguage: 'en', language: 'fr', instructions: body, targetSpaceId: 's2', createdBy: 'u1', createdAt: 't' })),
    ).toEqual({ name: 'translation.created', organizationId: org, data: { translationId: 't1', sourceSpaceId: 's1', targetSpaceId: 's2', sourceLanguage: 'en', language: 'fr', createdBy: 'u1' } });
    expect(viewOf(stored('TranslationInstructionsChanged', { ...translation, instructions: body, changedBy: 'u1', changedAt: 't' }))?.data).toEqual({ translationId: 't1', changedBy: 'u1' });
    const counts = { pages: 3, words: 120, durationMs: 900 };
    expect(viewOf(stored('TranslationRunCompleted', { ...translation, runId: 'run1', revisionId: 'r5', totalPages: 3, counts, completedAt: 't' }))).toEqual({
      name: 'translation.run_completed', organizationId: org, data: { translationId: 't1', runId: 'run1', revisionId: 'r5', totalPages: 3, counts },
    });
    expect(viewOf(stored('TranslationRunFailed', { ...translation, runId: 'run1', error: 'engine down', failedAt: 't' }))?.data).toEqual({ translationId: 't1', runId: 'run1', error: 'engine down' });
    expect(viewOf(stored('TranslationPagesTranslated', { ...translation, runId: 'run1', pages: [] }))).toBeNull();
  });
});
