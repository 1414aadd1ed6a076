import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Conflict, Invalid } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { GetMembership } from '@folio/identity/public/membership.query';
import { FindOrganizationTeams } from '@folio/identity/public/organization-teams.query';
import { GetIssuesCluster } from '@folio/insights/public/issues-cluster.query';
import { MAX_DISCUSSION_NODES } from '@folio/kernel/document/document-limits';
import { assertJsonDocument } from './content/json-document';
import { PageDocument } from '@folio/kernel/document/document.model';
import { DocumentWork } from '../documents/document-work';
import { spaceDecider } from '../spaces/space.decider';
import { spaceStream } from '../spaces/space.events';
import { templateChanges, TemplateRequest } from '../templates/template-changes';
import { changeRequestDecider, NumberTaken } from './change-request.decider';
import { changeRequestStream, Reviewer, ReviewStatus, SettableStatus } from './change-request.events';
import { ChangeRequestReads, ChangeRequestView } from './change-request.reads';
import { UpdateChangeRequestContent } from './content/update-content.command';
import { present } from './present-change-request';
import {
  ChangeRequestResource,
  requestedReviewerResource,
  reviewerUsers,
  reviewResource,
  reviewUsers,
} from './change-request.resource';

/** Numbers a create tries past the highest one the read model knows: more than any burst of concurrent creates. */
const MAX_NUMBER_ATTEMPTS = 100;

export class CreateChangeRequest extends Command<ChangeRequestResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly subject: string,
    readonly template?: TemplateRequest,
    /** An issues cluster of the space's organization the request is made for. */
    readonly conversationsIssuesCluster?: string,
    /** An earlier revision of main to start from (Git Sync's three-way import; never from the API). */
    readonly base?: { revision: string; tree: string },
  ) {
    super();
  }
}

/**
 * Takes the number after the highest the read model knows, appending at no-stream on that number's
 * stream; a concurrent create that took it first makes this one try the next (bounded). A template is
 * judged before anything is written, then applied into the new request as its first content batch.
 * A cluster is insights' to confirm, and only asked when one is given: a request without one never
 * depends on insights.
 */
@CommandHandler(CreateChangeRequest)
export class CreateChangeRequestHandler implements ICommandHandler<CreateChangeRequest> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, subject, template, conversationsIssuesCluster, base }: CreateChangeRequest) {
    const { space, permissions } = await this.reads.space(spaceId, caller);
    assertAllowed(permissions.edit, 'create change requests in this space');
    const changes = template ? templateChanges(template, 'template.') : [];
    if (conversationsIssuesCluster !== undefined) await assertCluster(this.queries, space.organizationId, conversationsIssuesCluster);
    const { state } = await this.aggregates.load(spaceStream(space.id), spaceDecider);
    const changeRequestId = newId();
    const first = (await this.reads.highestNumber(spaceId)) + 1;
    for (let number = first; number < first + MAX_NUMBER_ATTEMPTS; number++) {
      try {
        await this.aggregates.handle(
          changeRequestStream(spaceId, number),
          changeRequestDecider,
          { type: 'CreateChangeRequest', changeRequestId, number, space: state, subject, createdBy: caller.userId, conversationsIssuesCluster, ...(base ? { base } : {}) },
          caller,
        );
        if (changes.length > 0) await this.commands.execute(new UpdateChangeRequestContent(caller, spaceId, changeRequestId, changes, true));
        return present(this.reads, this.config, spaceId, changeRequestId, caller);
      } catch (error) {
        if (!(error instanceof NumberTaken)) throw error;
      }
    }
    throw new Conflict('Too many change requests are being created in this space at once; try again');
  }
}

/** 400 unless `clusterId` is an issues cluster of the organization. */
async function assertCluster(queries: QueryBus, organizationId: string, clusterId: string) {
  const cluster = await queries.execute(new GetIssuesCluster(organizationId, clusterId));
  if (!cluster) throw new Invalid(`conversationsIssuesCluster: ${JSON.stringify(clusterId)} is not an issues cluster of the organization`);
}

export interface ChangeRequestChanges {
  subject?: string;
  description?: PageDocument | null;
  status?: SettableStatus;
}

export class UpdateChangeRequest extends Command<ChangeRequestResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly changes: ChangeRequestChanges,
    /** The request's ETag the caller last saw (`If-Match`), if any. */
    readonly ifMatch?: bigint,
  ) {
    super();
  }
}

@CommandHandler(UpdateChangeRequest)
export class UpdateChangeRequestHandler implements ICommandHandler<UpdateChangeRequest> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId, changes, ifMatch }: UpdateChangeRequest) {
    const view = await this.reads.get(spaceId, changeRequestId, caller);
    assertAllowed(view.permissions.edit, 'change this change request');
    await this.aggregates.handle(streamOf(view), changeRequestDecider, { type: 'UpdateChangeRequest', ...changes }, caller, { ifMatch });
    return present(this.reads, this.config, spaceId, view.changeRequest.id, caller);
  }
}

/** The client spec's Document: markdown, a JSON document, or empty (no comment). */
export type CommentInput = { markdown?: string; document?: PageDocument };

export class SubmitReview extends Command<ReturnType<typeof reviewResource>> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly status: ReviewStatus,
    readonly comment?: CommentInput,
  ) {
    super();
  }
}

@CommandHandler(SubmitReview)
export class SubmitReviewHandler implements ICommandHandler<SubmitReview> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly documents: DocumentWork,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId, status, comment }: SubmitReview) {
    const view = await this.reads.get(spaceId, changeRequestId, caller);
    assertAllowed(view.permissions.review, 'review this change request');
    const reviewId = newId();
    const document = await commentDocument(comment, this.documents);
    await this.aggregates.handle(
      streamOf(view),
      changeRequestDecider,
      { type: 'SubmitReview', reviewId, reviewer: caller.userId, status, ...(document ? { comment: document } : {}) },
      caller,
    );
    const { changeRequest } = await this.reads.get(spaceId, changeRequestId, caller);
    const review = await this.reads.review(changeRequest.id, reviewId);
    return reviewResource(review, changeRequest, await this.reads.profiles(reviewUsers(review)), this.config);
  }
}

/** Markdown is read as the content routes read it (a long one by a worker thread); `{}` and no comment are the same. */
async function commentDocument(comment: CommentInput | undefined, documents: DocumentWork): Promise<PageDocument | undefined> {
  if (comment?.document !== undefined && comment.markdown !== undefined) throw new Invalid('comment: give markdown or document, not both');
  if (comment?.document !== undefined) {
    assertJsonDocument(comment.document, 'comment.document', MAX_DISCUSSION_NODES);
    return comment.document;
  }
  if (comment?.markdown !== undefined) return (await documents.parse(comment.markdown, MAX_DISCUSSION_NODES)).document;
  return undefined;
}

export class RequestReviewers extends Command<{ users: ReturnType<typeof requestedReviewerResource>[] }> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    /** Ids of members of the organization, or of its teams. */
    readonly ids: string[],
    readonly details: { subject?: string; description?: PageDocument },
  ) {
    super();
  }
}

/**
 * Asks members (or teams) of the space's organization for a review, optionally changing the subject and
 * description first. Answers every reviewer named, the ones requested before included.
 */
@CommandHandler(RequestReviewers)
export class RequestReviewersHandler implements ICommandHandler<RequestReviewers> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, changeRequestId, ids, details }: RequestReviewers) {
    const view = await this.reads.get(spaceId, changeRequestId, caller);
    assertAllowed(view.permissions.edit, 'request reviewers for this change request');
    const reviewers = await resolveReviewers(this.queries, view.space.organizationId, ids);
    if (details.subject !== undefined || details.description !== undefined) {
      await this.aggregates.handle(streamOf(view), changeRequestDecider, { type: 'UpdateChangeRequest', ...details }, caller);
    }
    await this.aggregates.handle(streamOf(view), changeRequestDecider, { type: 'RequestReviewers', reviewers, requestedBy: caller.userId }, caller);
    const named = new Set(reviewers.map((r) => (r.kind === 'user' ? r.user : r.team)));
    const docs = (await this.reads.allReviewers(view.changeRequest.id)).filter((doc) => named.has(doc.principalId));
    const users = await this.reads.profiles(docs.flatMap(reviewerUsers));
    return { users: docs.map((doc) => requestedReviewerResource(doc, users, this.config)) };
  }
}

export class RemoveRequestedReviewer extends Command<boolean> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    /** A user's id, or a team's. */
    readonly reviewerId: string,
  ) {
    super();
  }
}

/** True when a reviewer was removed; false (nothing written) when none by that id was requested. */
@CommandHandler(RemoveRequestedReviewer)
export class RemoveRequestedReviewerHandler implements ICommandHandler<RemoveRequestedReviewer> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
  ) {}

  async execute({ caller, spaceId, changeRequestId, reviewerId }: RemoveRequestedReviewer) {
    const view = await this.reads.get(spaceId, changeRequestId, caller);
    assertAllowed(view.permissions.edit, 'remove reviewers from this change request');
    const requested = (await this.reads.allReviewers(view.changeRequest.id)).find((doc) => doc.principalId === reviewerId);
    const reviewer: Reviewer = requested?.kind === 'team' ? { kind: 'team', team: reviewerId } : { kind: 'user', user: reviewerId };
    const { events } = await this.aggregates.handle(streamOf(view), changeRequestDecider, { type: 'RemoveReviewer', reviewer }, caller);
    return events.length > 0;
  }
}

const streamOf = ({ changeRequest }: ChangeRequestView) => changeRequestStream(changeRequest.spaceId, changeRequest.number);

/**
 * Each id as a reviewer: a member of the organization, else one of its teams. Every id that is
 * neither is named in one 400.
 */
async function resolveReviewers(queries: QueryBus, organizationId: string, ids: string[]): Promise<Reviewer[]> {
  const unique = [...new Set(ids)];
  const memberships = await Promise.all(unique.map((id) => queries.execute(new GetMembership(organizationId, id))));
  const others = unique.filter((_id, i) => !memberships[i]);
  const teams = new Set(others.length ? await queries.execute(new FindOrganizationTeams(organizationId, others)) : []);
  const unknown = others.filter((id) => !teams.has(id));
  if (unknown.length) throw new Invalid(`users: not members or teams of the organization: ${unknown.join(', ')}`);
  return unique.map((id, i): Reviewer => (memberships[i] ? { kind: 'user', user: id } : { kind: 'team', team: id }));
}
