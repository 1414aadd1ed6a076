import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { PageDocument } from '@folio/kernel/document/document.model';
import { assertDocumentBounds } from '@folio/kernel/document/document-limits';
import { assertDocumentSchema } from '@folio/kernel/document/document-schema';
import { RevisionRecord } from '../revisions/revision.model';
import { assertUnlocked, SpaceState } from '../spaces/space.decider';
import {
  ChangeRequestEvent,
  ChangeRequestStatus,
  ContentTouched,
  MergeAbandonReason,
  Reviewer,
  ReviewStatus,
  SettableStatus,
} from './change-request.events';

/** The client spec's ChangeRequestSubject: 0 to 100 characters. */
export const SUBJECT_MAX = 100;

/** A revision as the request keeps it: its id and its tree's hash. */
export interface RevisionRef {
  revision: string;
  tree: string;
}

/** How long a merge may take: after it the space refuses the merge's append (see the space decider). */
export const MERGE_LEASE_MS = 120_000;
/**
 * How long after its lease a merge mark may be released by someone else than its merger: longer than a
 * store call may take (they have deadlines) plus the clock skew between processes, so no append the merge
 * decided before its lease ran out can still land once the mark is released.
 */
export const MERGE_RELEASE_GRACE_MS = 60_000;
/** Conflicts met kept for resolving them: older ones are forgotten (their blocks conflict again, never silently win). */
export const CONFLICTS_KEPT = 8;

/** A merge under way: its attempt, the head it merges (which nothing may change meanwhile), its lease's end. */
export interface MergeMark {
  mergeId: string;
  head: string;
  expiresAt: string;
}

/** Main's revision a merge or update met in conflict, and the request's head then. */
export interface ConflictsMet {
  main: RevisionRef;
  head: RevisionRef;
}

export interface ReviewState {
  reviewId: string;
  reviewer: string;
  status: ReviewStatus;
  /** The head the review was made against: it is outdated once the head moves on. */
  revision: string;
}

export type ChangeRequestState =
  | { status: 'none' }
  | {
      status: ChangeRequestStatus;
      changeRequestId: string;
      spaceId: string;
      organizationId: string;
      number: number;
      subject: string;
      description: PageDocument | null;
      createdBy: string;
      /** The insights issues cluster the request was made for, if any. */
      conversationsIssuesCluster?: string;
      /** The request's current content. */
      head: RevisionRef;
      /** The space's revision the request was made from. */
      revisionInitial: RevisionRef;
      /** Main's revision last pulled in by an update, if any. */
      mergedAncestor: RevisionRef | null;
      revisionMerged?: string;
      mergedBy?: string;
      merging: MergeMark | null;
      /** Since the last update from main, oldest first: what the request changed after each is its resolution. */
      conflictsMet: ConflictsMet[];
      reviews: ReviewState[];
      reviewers: Reviewer[];
    };

export type ExistingChangeRequest = Exclude<ChangeRequestState, { status: 'none' }>;

export type ChangeRequestCommand =
  /**
   * `space`: the space's state from its stream, for its lock and its revision (the request's start).
   * `conversationsIssuesCluster`: a cluster of the space's organization (insights' to confirm, before deciding).
   * `base`: an earlier revision of main to start from instead of main's latest (a Git Sync import starts from
   * the last one it merged, so that the merge keeps what main gained since: the three-way merge against Git).
   */
  | {
      type: 'CreateChangeRequest';
      changeRequestId: string;
      number: number;
      space: SpaceState;
      subject: string;
      createdBy: string;
      conversationsIssuesCluster?: string;
      base?: { revision: string; tree: string };
      now: string;
    }
  /** PATCH: left-out fields stay; `description` null removes it. Details and status change together or not at all. */
  | { type: 'UpdateChangeRequest'; subject?: string; description?: PageDocument | null; status?: SettableStatus; now: string }
  | { type: 'SubmitReview'; reviewId: string; reviewer: string; status: ReviewStatus; comment?: PageDocument; now: string }
  /** Reviewers already requested are left as they are. */
  | { type: 'RequestReviewers'; reviewers: Reviewer[]; requestedBy: string; now: string }
  | { type: 'RemoveReviewer'; reviewer: Reviewer; now: string }
  /**
   * A content batch applied on the head `basedOn` produced `revision`. If the head moved since, the
   * batch was computed on stale content (`StaleHead`): the handler applies it again on the new head.
   */
  | { type: 'EditContent'; revision: RevisionRecord; basedOn: string; touched: ContentTouched; now: string }
  /** Main (`mergedAncestor`) pulled into the head `basedOn`, giving `revision`. Stale as for EditContent. */
  | { type: 'UpdateFromMain'; revision: RevisionRecord; basedOn: string; mergedAncestor: RevisionRef; now: string }
  /** A merge begins at the current head, which nothing may change until it ends. */
  | { type: 'StartMerge'; mergeId: string; now: string }
  /**
   * The merge `mergeId` ends without main taking the request; `conflictsWith`: main's revision it met in
   * conflict. `expired` (a merge whose process died) is accepted only once the mark's lease and grace ran out.
   */
  | { type: 'AbandonMerge'; mergeId: string; reason: MergeAbandonReason; conflictsWith?: RevisionRef; now: string }
  /** An update met conflicts with main's revision `main`: written once per main and head. */
  | { type: 'RecordConflicts'; main: RevisionRef; now: string }
  /**
   * Main took the request's head `head` in `revisionMerged`: refused unless `head` is the head the merge
   * recorded (else an edit would be marked merged without main having it); idempotent, so a merge completed
   * again after a crash writes nothing.
   */
  | { type: 'MarkMerged'; revisionMerged: string; head: string; mergedBy: string; now: string };

/** The request's content moved while a change was computed against it: compute it again. */
export class StaleHead extends Conflict {
  constructor() {
    super("The change request's content changed while the change was computed");
  }
}

/** A merge of the request is under way: its content cannot change until it ends. */
export class MergeUnderWay extends Conflict {
  constructor() {
    super('The change request is being merged: its content cannot change until the merge ends');
  }
}

/** Main took another head of the request than the one its merge recorded. */
export class MergedHeadMismatch extends Conflict {
  constructor() {
    super("The change request's content changed since its merge was computed");
  }
}

/** Another request took this number first: the creator tries the next one. */
export class NumberTaken extends Conflict {
  constructor(number: number) {
    super(`change request ${number} already exists`);
  }
}

/** The merge's base: main's revision last pulled in, else the one the request started from. */
export function baseOf(state: ExistingChangeRequest): RevisionRef {
  return state.mergedAncestor ?? state.revisionInitial;
}

/** A merge mark whose lease and grace ran out at `now`: its merger died, and the space refuses its append. */
export function mergeReleasable(mark: MergeMark, now: string): boolean {
  return Date.parse(now) >= Date.parse(mark.expiresAt) + MERGE_RELEASE_GRACE_MS;
}

/** A review is outdated once the request's content changed after it. */
export function reviewOutdated(state: ExistingChangeRequest, review: Pick<ReviewState, 'revision'>): boolean {
  return review.revision !== state.head.revision;
}

export const sameReviewer = (a: Reviewer, b: Reviewer) =>
  a.kind === 'user' ? b.kind === 'user' && a.user === b.user : b.kind === 'team' && a.team === b.team;

export const changeRequestDecider: Decider<ChangeRequestCommand, ChangeRequestEvent, ChangeRequestState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'ChangeRequestCreated') {
      const d = event.data;
      const initial = { revision: d.revision, tree: d.tree };
      return {
        status: 'draft',
        changeRequestId: d.changeRequestId,
        spaceId: d.spaceId,
        organizationId: d.organizationId,
        number: d.number,
        subject: d.subject,
        description: null,
        createdBy: d.createdBy,
        ...(d.conversationsIssuesCluster ? { conversationsIssuesCluster: d.conversationsIssuesCluster } : {}),
        head: initial,
        revisionInitial: initial,
        mergedAncestor: null,
        merging: null,
        conflictsMet: [],
        reviews: [],
        reviewers: [],
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'ChangeRequestDetailsChanged': {
        const { subject, description } = event.data.changes;
        return {
          ...state,
          ...(subject !== undefined ? { subject } : {}),
          ...(description !== undefined ? { description } : {}),
        };
      }
      case 'ChangeRequestStatusChanged':
        return { ...state, status: event.data.status };
      case 'ChangeRequestContentEdited':
        return { ...state, head: { revision: event.data.revision.id, tree: event.data.revision.tree } };
      case 'ChangeRequestUpdatedFromMain':
        return {
          ...state,
          head: { revision: event.data.revision.id, tree: event.data.revision.tree },
          mergedAncestor: { revision: event.data.mergedAncestor, tree: event.data.mergedAncestorTree },
          // Main is pulled in, the resolutions with it: the next merge's base is that main.
          conflictsMet: [],
        };
      case 'ChangeRequestReviewSubmitted': {
        const { reviewId, reviewer, status, revision } = event.data;
        return { ...state, reviews: [...state.reviews, { reviewId, reviewer, status, revision }] };
      }
      case 'ChangeRequestReviewersRequested':
        return { ...state, reviewers: [...state.reviewers, ...event.data.reviewers] };
      case 'ChangeRequestReviewerRemoved':
        return { ...state, reviewers: state.reviewers.filter((r) => !sameReviewer(r, event.data.reviewer)) };
      case 'ChangeRequestMergeStarted': {
        const { mergeId, head, expiresAt } = event.data;
        return { ...state, merging: { mergeId, head, expiresAt } };
      }
      case 'ChangeRequestMergeAbandoned':
        return state.merging?.mergeId === event.data.mergeId ? { ...state, merging: null } : state;
      case 'ChangeRequestConflictsMet': {
        const { main, mainTree, head, headTree } = event.data;
        const met = { main: { revision: main, tree: mainTree }, head: { revision: head, tree: headTree } };
        return { ...state, conflictsMet: [...state.conflictsMet, met].slice(-CONFLICTS_KEPT) };
      }
      case 'ChangeRequestMerged':
        return { ...state, status: 'merged', revisionMerged: event.data.revisionMerged, mergedBy: event.data.mergedBy, merging: null };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateChangeRequest') return create(command, state);
    if (state.status === 'none') throw new NotFound('change request');
    if (command.type === 'MarkMerged') {
      if (state.status === 'merged') return [];
      if (command.head !== (state.merging?.head ?? state.head.revision)) throw new MergedHeadMismatch();
      const { revisionMerged, mergedBy, now } = command;
      return [{ type: 'ChangeRequestMerged', data: { ...subjectOf(state), revisionMerged, mergedBy, previousStatus: state.status, mergedAt: now } }];
    }
    if (command.type === 'AbandonMerge') return abandonMerge(state, command);
    // Merged content is main's now: the request is history.
    if (state.status === 'merged') {
      if (command.type === 'StartMerge') throw new Conflict('The change request is already merged');
      throw new Conflict('The change request is merged: it can no longer change');
    }
    const subject = subjectOf(state);
    switch (command.type) {
      case 'UpdateChangeRequest': {
        const events = updateDetails(state, command);
        if (command.status !== undefined && command.status !== state.status) {
          events.push({
            type: 'ChangeRequestStatusChanged',
            data: { ...subject, status: command.status, previousStatus: state.status, changedAt: command.now },
          });
        }
        return events;
      }
      case 'SubmitReview': {
        if (command.comment !== undefined) assertDocument('comment', command.comment);
        const { reviewId, reviewer, status, comment, now } = command;
        return [
          {
            type: 'ChangeRequestReviewSubmitted',
            data: { ...subject, reviewId, reviewer, status, revision: state.head.revision, ...(comment ? { comment } : {}), submittedAt: now },
          },
        ];
      }
      case 'RequestReviewers': {
        const added: Reviewer[] = [];
        for (const reviewer of command.reviewers) {
          if (![...state.reviewers, ...added].some((r) => sameReviewer(r, reviewer))) added.push(reviewer);
        }
        if (added.length === 0) return [];
        return [
          {
            type: 'ChangeRequestReviewersRequested',
            data: { ...subject, reviewers: added, requestedBy: command.requestedBy, revision: state.head.revision, requestedAt: command.now },
          },
        ];
      }
      case 'RemoveReviewer':
        if (!state.reviewers.some((r) => sameReviewer(r, command.reviewer))) return [];
        return [{ type: 'ChangeRequestReviewerRemoved', data: { ...subject, reviewer: command.reviewer, removedAt: command.now } }];
      case 'StartMerge': {
        if (state.status === 'archived') throw new Conflict('The change request is archived: reopen it to merge it');
        if (state.merging) throw new MergeUnderWay();
        const expiresAt = new Date(Date.parse(command.now) + MERGE_LEASE_MS).toISOString();
        return [{ type: 'ChangeRequestMergeStarted', data: { ...subject, mergeId: command.mergeId, head: state.head.revision, startedAt: command.now, expiresAt } }];
      }
      case 'RecordConflicts':
        return conflictsMet(state, command.main, command.now);
      case 'EditContent':
        assertEditable(state, command.basedOn);
        return [{ type: 'ChangeRequestContentEdited', data: { ...subject, revision: command.revision, touched: command.touched, editedAt: command.now } }];
      case 'UpdateFromMain':
        assertEditable(state, command.basedOn);
        return [
          {
            type: 'ChangeRequestUpdatedFromMain',
            data: {
              ...subject,
              revision: command.revision,
              mergedAncestor: command.mergedAncestor.revision,
              mergedAncestorTree: command.mergedAncestor.tree,
              updatedAt: command.now,
            },
          },
        ];
    }
  },
};

function create(command: Extract<ChangeRequestCommand, { type: 'CreateChangeRequest' }>, state: ChangeRequestState): ChangeRequestEvent[] {
  if (state.status !== 'none') throw new NumberTaken(command.number);
  const { space } = command;
  if (space.status !== 'active') {
    if (space.status === 'deleted') throw new Conflict('The space is deleted; restore it first');
    throw new NotFound('space');
  }
  assertUnlocked(space.settings);
  assertSubject(command.subject);
  return [
    {
      type: 'ChangeRequestCreated',
      data: {
        changeRequestId: command.changeRequestId,
        spaceId: space.spaceId,
        organizationId: space.organizationId,
        number: command.number,
        subject: command.subject,
        createdBy: command.createdBy,
        revision: command.base?.revision ?? space.revision,
        tree: command.base?.tree ?? space.tree,
        ...(command.conversationsIssuesCluster ? { conversationsIssuesCluster: command.conversationsIssuesCluster } : {}),
        createdAt: command.now,
      },
    },
  ];
}

function updateDetails(state: ExistingChangeRequest, command: Extract<ChangeRequestCommand, { type: 'UpdateChangeRequest' }>): ChangeRequestEvent[] {
  const changes: { subject?: string; description?: PageDocument | null } = {};
  const before: { subject?: string; description?: PageDocument | null } = {};
  if (command.subject !== undefined) {
    assertSubject(command.subject);
    if (command.subject !== state.subject) {
      changes.subject = command.subject;
      before.subject = state.subject;
    }
  }
  if (command.description !== undefined) {
    if (command.description !== null) assertDocument('description', command.description);
    if (JSON.stringify(command.description) !== JSON.stringify(state.description)) {
      changes.description = command.description;
      before.description = state.description;
    }
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ChangeRequestDetailsChanged', data: { ...subjectOf(state), changes, before, updatedAt: command.now } }];
}

function abandonMerge(state: ExistingChangeRequest, command: Extract<ChangeRequestCommand, { type: 'AbandonMerge' }>): ChangeRequestEvent[] {
  const { mergeId, reason, conflictsWith, now } = command;
  // Ended already (merged, abandoned by its merger, released): nothing left to release.
  if (state.merging?.mergeId !== mergeId) return [];
  if (reason === 'expired' && !mergeReleasable(state.merging, now)) throw new Conflict('The merge is still under way');
  const abandoned: ChangeRequestEvent = { type: 'ChangeRequestMergeAbandoned', data: { ...subjectOf(state), mergeId, reason, abandonedAt: now } };
  return [abandoned, ...(conflictsWith ? conflictsMet(state, conflictsWith, now) : [])];
}

/** Conflicts met with `main` at the current head; nothing new when the last ones recorded were met there. */
function conflictsMet(state: ExistingChangeRequest, main: RevisionRef, now: string): ChangeRequestEvent[] {
  const last = state.conflictsMet.at(-1);
  if (last && last.main.revision === main.revision && last.head.revision === state.head.revision) return [];
  const { head } = state;
  return [
    {
      type: 'ChangeRequestConflictsMet',
      data: { ...subjectOf(state), main: main.revision, mainTree: main.tree, head: head.revision, headTree: head.tree, metAt: now },
    },
  ];
}

/**
 * Content is written only on the head it was computed on, never into an archived request, and never while
 * a merge is under way (the merge takes the head it recorded: a change after it would be acknowledged and lost).
 */
function assertEditable(state: ExistingChangeRequest, basedOn: string) {
  if (state.status === 'archived') throw new Conflict('The change request is archived: reopen it to change its content');
  if (state.merging) throw new MergeUnderWay();
  if (basedOn !== state.head.revision) throw new StaleHead();
}

function subjectOf(state: ExistingChangeRequest) {
  const { changeRequestId, spaceId, organizationId, number } = state;
  return { changeRequestId, spaceId, organizationId, number };
}

function assertSubject(subject: string) {
  if ([...subject].length > SUBJECT_MAX) throw new Invalid(`subject must be at most ${SUBJECT_MAX} characters`);
}

/** A JSONDocument of the client's spec: `{ object: 'document', data: {…}, nodes: [blocks] }`, not nested too deep. */
/** A description is a JSON document as a page's is: bounded first, then judged against the client's spec. */
function assertDocument(field: string, document: unknown) {
  try {
    assertDocumentBounds(document);
  } catch (error) {
    if (error instanceof Invalid) throw new Invalid(`${field}: ${error.message}`);
    throw error;
  }
  assertDocumentSchema(document, field);
}
