import { PageDocument } from '@folio/kernel/document/document.model';
import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { TranslationLanguage } from '../translation-language';
import { RunCounts, TranslationEvent } from './translation.events';

/** A run as the translation knows it: its ids, and whether the process took it up. */
export interface RunRef {
  runId: string;
  revisionId: string;
}

export type TranslationState =
  | { status: 'none' | 'deleted' }
  | {
      status: 'active';
      translationId: string;
      organizationId: string;
      sourceSpaceId: string;
      sourceLanguage: TranslationLanguage;
      language: TranslationLanguage;
      targetSpaceId: string;
      /** Requested, not yet taken up by the process. */
      pending: RunRef | null;
      /** Taken up, neither completed nor failed yet. */
      running: (RunRef & { startedAt: string }) | null;
    };

type Ref = { translationId: string; organizationId: string };

export type TranslationCommand =
  | (Ref & {
      type: 'CreateTranslation';
      sourceSpaceId: string;
      sourceLanguage: TranslationLanguage;
      language: TranslationLanguage;
      instructions: PageDocument;
      targetSpaceId: string;
      /** The first run's ids (a translation is run as soon as it is made). */
      run: RunRef;
      actor: string;
      now: string;
    })
  | (Ref & { type: 'ChangeInstructions'; instructions: PageDocument; actor: string; now: string })
  | (Ref & { type: 'DeleteTranslation'; actor: string; now: string })
  | (Ref & { type: 'RequestRun'; run: RunRef; actor: string; now: string })
  | (Ref & { type: 'StartRun'; runId: string; sourceRevisionId: string; now: string })
  | (Ref & { type: 'RecordTranslatedPages'; runId: string; pages: { key: string; object: string; words: number }[]; now: string })
  | (Ref & { type: 'CompleteRun'; runId: string; revisionId: string; totalPages: number; counts: RunCounts; now: string })
  | (Ref & { type: 'FailRun'; runId: string; error: string; now: string });

type Active = Extract<TranslationState, { status: 'active' }>;

export function evolve(state: TranslationState, event: TranslationEvent): TranslationState {
  if (event.type === 'TranslationCreated') {
    const { translationId, organizationId, sourceSpaceId, sourceLanguage, language, targetSpaceId } = event.data;
    return { status: 'active', translationId, organizationId, sourceSpaceId, sourceLanguage, language, targetSpaceId, pending: null, running: null };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'TranslationDeleted':
      return { status: 'deleted' };
    case 'TranslationRunRequested':
      return { ...state, pending: { runId: event.data.runId, revisionId: event.data.revisionId } };
    case 'TranslationRunStarted':
      if (state.pending?.runId !== event.data.runId) return state;
      return { ...state, pending: null, running: { ...state.pending, startedAt: event.data.startedAt } };
    case 'TranslationRunCompleted':
      return state.running?.runId === event.data.runId ? { ...state, running: null } : state;
    case 'TranslationRunFailed':
      if (state.pending?.runId === event.data.runId) return { ...state, pending: null };
      return state.running?.runId === event.data.runId ? { ...state, running: null } : state;
    default:
      return state;
  }
}

function active(state: TranslationState): Active {
  if (state.status !== 'active') throw new NotFound('translation');
  return state;
}

/** The run the process works on, or a refusal naming why it is not (another run, or none). */
function runningRun(state: Active, runId: string) {
  if (state.running?.runId !== runId) throw new Conflict(`run ${runId} is not running`);
  return state.running;
}

export function decide(command: TranslationCommand, state: TranslationState): TranslationEvent[] {
  const { translationId, organizationId } = command;
  const ref = { translationId, organizationId };
  if (command.type === 'CreateTranslation') {
    if (state.status !== 'none') throw new Conflict('translation already exists');
    const { sourceSpaceId, sourceLanguage, language, instructions, targetSpaceId, run, actor, now } = command;
    if (language === sourceLanguage) throw new Invalid('language must differ from source.language');
    return [
      { type: 'TranslationCreated', data: { ...ref, sourceSpaceId, sourceLanguage, language, instructions, targetSpaceId, createdBy: actor, createdAt: now } },
      { type: 'TranslationRunRequested', data: { ...ref, ...run, requestedBy: actor, requestedAt: now } },
    ];
  }
  if (command.type === 'DeleteTranslation') {
    // One that is not there (any more) writes nothing: DELETE answers 204.
    return state.status === 'active' ? [{ type: 'TranslationDeleted', data: { ...ref, deletedBy: command.actor, deletedAt: command.now } }] : [];
  }
  const current = active(state);
  switch (command.type) {
    case 'ChangeInstructions':
      return [{ type: 'TranslationInstructionsChanged', data: { ...ref, instructions: command.instructions, changedBy: command.actor, changedAt: command.now } }];
    case 'RequestRun':
      // A run asked for and not yet started already reads the source as it will be: asking again adds nothing.
      if (current.pending) return [];
      return [{ type: 'TranslationRunRequested', data: { ...ref, ...command.run, requestedBy: command.actor, requestedAt: command.now } }];
    case 'StartRun':
      if (current.running?.runId === command.runId) return []; // resumed after a crash: started already
      if (current.pending?.runId !== command.runId) throw new Conflict(`run ${command.runId} is not pending`);
      return [{ type: 'TranslationRunStarted', data: { ...ref, runId: command.runId, sourceRevisionId: command.sourceRevisionId, startedAt: command.now } }];
    case 'RecordTranslatedPages':
      runningRun(current, command.runId);
      return command.pages.length === 0 ? [] : [{ type: 'TranslationPagesTranslated', data: { ...ref, runId: command.runId, pages: command.pages } }];
    case 'CompleteRun': {
      runningRun(current, command.runId);
      const { runId, revisionId, totalPages, counts, now } = command;
      return [{ type: 'TranslationRunCompleted', data: { ...ref, runId, revisionId, totalPages, counts, completedAt: now } }];
    }
    case 'FailRun':
      // A run may fail before it starts (its source gone): it ends all the same.
      if (current.pending?.runId !== command.runId) runningRun(current, command.runId);
      return [{ type: 'TranslationRunFailed', data: { ...ref, runId: command.runId, error: command.error, failedAt: command.now } }];
  }
}

export const translationDecider: Decider<TranslationCommand, TranslationEvent, TranslationState> = { initialState: { status: 'none' }, evolve, decide };
