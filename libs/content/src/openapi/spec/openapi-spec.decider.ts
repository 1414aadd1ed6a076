import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { OpenAPISpecEvent, OpenAPISpecVisibility, ProcessOutcome, SpecSource } from './openapi-spec.events';

/** The latest submission and how far its processing went. */
export interface Submission {
  id: string;
  source: SpecSource;
  stage: 'pending' | 'progress' | 'complete';
}

export type OpenAPISpecState =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      specId: string;
      organizationId: string;
      slug: string;
      visibility: OpenAPISpecVisibility;
      submission: Submission | null;
      /** Object hash of the latest version's text: a processed text equal to it makes no new version. */
      latestText: string | null;
    };

export type OpenAPISpecCommand =
  | { type: 'CreateSpec'; specId: string; organizationId: string; slug: string; submissionId: string; source: SpecSource; actor: string; now: string }
  | { type: 'SubmitSource'; submissionId: string; source: SpecSource; actor: string; now: string }
  | { type: 'RefreshSpec'; submissionId: string; actor: string; now: string }
  | { type: 'StartProcessing'; submissionId: string; now: string }
  /** `versionId`: the id of the version the outcome makes, if it makes one. */
  | { type: 'RecordProcessing'; submissionId: string; versionId: string; outcome: ProcessOutcome; now: string }
  | { type: 'ChangeVisibility'; visibility: OpenAPISpecVisibility; actor: string; now: string }
  | { type: 'DeleteSpec'; actor: string; now: string };

type Active = Exclude<OpenAPISpecState, { status: 'none' }>;

export const initialState: OpenAPISpecState = { status: 'none' };

export function evolve(state: OpenAPISpecState, event: OpenAPISpecEvent): OpenAPISpecState {
  if (event.type === 'OpenAPISpecCreated') {
    const { specId, organizationId, slug } = event.data;
    return { status: 'active', specId, organizationId, slug, visibility: 'private', submission: null, latestText: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'OpenAPISpecSubmitted':
      return { ...state, submission: { id: event.data.submissionId, source: event.data.source, stage: 'pending' } };
    case 'OpenAPISpecProcessingStarted':
      return withStage(state, event.data.submissionId, 'progress');
    case 'OpenAPISpecVersionAdded':
      return { ...state, latestText: event.data.text.object };
    case 'OpenAPISpecProcessed':
      return withStage(state, event.data.submissionId, 'complete');
    case 'OpenAPISpecVisibilityChanged':
      return { ...state, visibility: event.data.visibility };
    case 'OpenAPISpecDeleted':
      return { ...state, status: 'deleted' };
  }
}

const withStage = (state: Exclude<OpenAPISpecState, { status: 'none' }>, submissionId: string, stage: Submission['stage']) =>
  state.submission?.id === submissionId ? { ...state, submission: { ...state.submission, stage } } : state;

export function decide(command: OpenAPISpecCommand, state: OpenAPISpecState): OpenAPISpecEvent[] {
  if (command.type === 'CreateSpec') {
    if (state.status !== 'none') throw new Conflict('OpenAPI spec already exists');
    const { specId, organizationId, slug, actor, now } = command;
    return [{ type: 'OpenAPISpecCreated', data: { specId, organizationId, slug, createdBy: actor, createdAt: now } }, submitted(
      { specId, organizationId },
      command,
      command.source,
    )];
  }
  // A deleted spec writes nothing more; DELETE of one that is not there answers 204.
  if (command.type === 'DeleteSpec') {
    if (state.status !== 'active') return [];
    return [{ type: 'OpenAPISpecDeleted', data: { ...ref(state), slug: state.slug, deletedBy: command.actor, deletedAt: command.now } }];
  }
  if (state.status !== 'active') throw new NotFound('OpenAPI spec');
  switch (command.type) {
    case 'SubmitSource': {
      const last = state.submission?.source;
      // The same text again is the same submission: nothing to process, nothing new. A URL's text is known only once fetched.
      if (last?.kind === 'text' && command.source.kind === 'text' && last.text.object === command.source.text.object) return [];
      return [submitted(ref(state), command, command.source)];
    }
    case 'RefreshSpec': {
      const source = state.submission?.source;
      if (source?.kind !== 'url') throw new Invalid('only an OpenAPI spec made from a URL can be refreshed');
      return [submitted(ref(state), command, source)];
    }
    case 'StartProcessing': {
      const submission = current(state, command.submissionId);
      return submission.stage === 'pending' ? [{ type: 'OpenAPISpecProcessingStarted', data: { ...ref(state), submissionId: submission.id, startedAt: command.now } }] : [];
    }
    case 'RecordProcessing':
      return recorded(state, command);
    case 'ChangeVisibility':
      if (command.visibility === state.visibility) return [];
      return [
        {
          type: 'OpenAPISpecVisibilityChanged',
          data: { ...ref(state), slug: state.slug, visibility: command.visibility, before: state.visibility, changedBy: command.actor, changedAt: command.now },
        },
      ];
  }
}

/**
 * One result per submission, for the latest submission only: a result for a submission a newer one
 * replaced, or for one that already has its result, is refused (the processor drops it).
 */
function recorded(state: Active, command: Extract<OpenAPISpecCommand, { type: 'RecordProcessing' }>): OpenAPISpecEvent[] {
  const submission = current(state, command.submissionId);
  const { outcome, now } = command;
  const processed: OpenAPISpecEvent = { type: 'OpenAPISpecProcessed', data: { ...ref(state), submissionId: submission.id, outcome, processedAt: now } };
  if (!outcome.ok || outcome.text.object === state.latestText) return [processed];
  const { text, format, openapiVersion, document } = outcome;
  const sourceURL = submission.source.kind === 'url' ? { sourceURL: submission.source.url } : {};
  return [
    {
      type: 'OpenAPISpecVersionAdded',
      data: { ...ref(state), versionId: command.versionId, submissionId: submission.id, slug: state.slug, text, format, openapiVersion, document, ...sourceURL, createdAt: now },
    },
    processed,
  ];
}

/** The latest submission, if it is `submissionId` and has no result yet (Conflict otherwise: superseded or done). */
function current(state: Active, submissionId: string): Submission {
  const submission = state.submission;
  if (submission?.id !== submissionId) throw new Conflict(`submission ${submissionId} of the OpenAPI spec was superseded`);
  if (submission.stage === 'complete') throw new Conflict(`submission ${submissionId} of the OpenAPI spec was already processed`);
  return submission;
}

const ref = (state: Active) => ({ specId: state.specId, organizationId: state.organizationId });

function submitted(spec: { specId: string; organizationId: string }, command: { submissionId: string; actor: string; now: string }, source: SpecSource): OpenAPISpecEvent {
  return { type: 'OpenAPISpecSubmitted', data: { ...spec, submissionId: command.submissionId, source, submittedBy: command.actor, submittedAt: command.now } };
}

export const openapiSpecDecider: Decider<OpenAPISpecCommand, OpenAPISpecEvent, OpenAPISpecState> = { initialState, evolve, decide };
