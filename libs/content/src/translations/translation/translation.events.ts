import { PageDocument } from '@folio/kernel/document/document.model';
import { TranslationLanguage } from '../translation-language';

/**
 * A translation: a source space kept translated into another language in a target space of the same
 * organization. One stream per translation; its runs are a process (translation-run.process.ts) that the
 * run events drive, and every event names the translation and its organization, so readers of the log
 * (the projection, the audit trail) need nothing else.
 *
 * The target space's id is chosen when the translation is created and recorded first: the run that makes the
 * space (its first) finds it made after a crash instead of making a second. Likewise each run records, when
 * requested, the id its revision will have, so a run retried after a crash writes that revision once.
 */
type TranslationRef = { translationId: string; organizationId: string };

/** The words counted and pages translated by one run (the spec's Translation.stats is their running sums). */
export type RunCounts = { pages: number; words: number; durationMs: number };

export type TranslationEvent =
  | {
      type: 'TranslationCreated';
      data: TranslationRef & {
        sourceSpaceId: string;
        sourceLanguage: TranslationLanguage;
        language: TranslationLanguage;
        instructions: PageDocument;
        targetSpaceId: string;
        createdBy: string;
        createdAt: string;
      };
    }
  | { type: 'TranslationInstructionsChanged'; data: TranslationRef & { instructions: PageDocument; changedBy: string; changedAt: string } }
  | { type: 'TranslationDeleted'; data: TranslationRef & { deletedBy: string; deletedAt: string } }
  /** POST …/run, or the creation's first run: status `pending`. */
  | { type: 'TranslationRunRequested'; data: TranslationRef & { runId: string; revisionId: string; requestedBy: string; requestedAt: string } }
  /** The process took the run up: status `running`. */
  | { type: 'TranslationRunStarted'; data: TranslationRef & { runId: string; sourceRevisionId: string; startedAt: string } }
  /**
   * Pages the run translated, as the run goes (in batches): the translation memory a later run (or this one,
   * resumed after a crash) reuses for a page whose source is unchanged. `key` is the hash of what was
   * translated (the page's source text, the pair, the glossary and the engine); `object` the content-store
   * object of its translation.
   */
  | { type: 'TranslationPagesTranslated'; data: TranslationRef & { runId: string; pages: { key: string; object: string; words: number }[] } }
  /** The target's revision is written: status `completed`, stats summed. `revisionId` is the one requested. */
  | {
      type: 'TranslationRunCompleted';
      data: TranslationRef & { runId: string; revisionId: string; totalPages: number; counts: RunCounts; completedAt: string };
    }
  /** The engine (or the source) failed the run: status back to `pending`, the reason said, a new run may be asked. */
  | { type: 'TranslationRunFailed'; data: TranslationRef & { runId: string; error: string; failedAt: string } };

export const translationStream = (translationId: string) => `translation-${translationId}`;
