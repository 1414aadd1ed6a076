import { PageDocument } from '@folio/kernel/document/document.model';
import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { TranslationLanguage } from '../translation-language';
import { TranslationEvent } from './translation.events';

export const TRANSLATIONS = 'translations';

export type TranslationStatus = 'pending' | 'running' | 'completed';

/** The running sums of the runs completed; durations in milliseconds (the resource says seconds). */
export interface TranslationStatsDoc {
  runs: number;
  totalWords: number;
  totalPages: number;
  totalDurationMs: number;
  latestRunDurationMs: number;
  latestPages: number;
  latestWords: number;
}

/** One document per translation, keyed by its id. */
export interface TranslationDoc {
  id: string;
  organizationId: string;
  sourceSpaceId: string;
  sourceLanguage: TranslationLanguage;
  language: TranslationLanguage;
  instructions: PageDocument;
  targetSpaceId: string;
  status: TranslationStatus;
  /** The target's revision the latest completed run left; absent before one completed. */
  resultRevision?: string;
  /** Why the latest run failed; cleared by the next run that starts. */
  lastRunError?: string;
  /** The run asked for and not yet started, if any (a translation holds at most one). */
  pendingRun?: string;
  stats: TranslationStatsDoc;
  createdAt: string;
  updatedAt: string;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

const NO_STATS: TranslationStatsDoc = { runs: 0, totalWords: 0, totalPages: 0, totalDurationMs: 0, latestRunDurationMs: 0, latestPages: 0, latestWords: 0 };

/**
 * The translations, from their streams. Status follows the runs: requested → `pending`, started →
 * `running`, completed → `completed`, failed → back to `pending` with the reason kept until the next start.
 * A run requested while another goes keeps the translation `running` until that one ends, then `pending`.
 */
export const translationProjection = defineProjection<TranslationEvent>('content-translations', [{ name: TRANSLATIONS, indexes: [['organizationId', 'createdAt']] }], {
  TranslationCreated: async ({ data, position }, tx) => {
    if (await tx.get(TRANSLATIONS, data.translationId)) return;
    const doc: TranslationDoc = {
      id: data.translationId,
      organizationId: data.organizationId,
      sourceSpaceId: data.sourceSpaceId,
      sourceLanguage: data.sourceLanguage,
      language: data.language,
      instructions: data.instructions,
      targetSpaceId: data.targetSpaceId,
      status: 'pending',
      stats: NO_STATS,
      createdAt: data.createdAt,
      updatedAt: data.createdAt,
      logPosition: position,
    };
    await tx.upsert(TRANSLATIONS, doc);
  },
  TranslationInstructionsChanged: async (event, tx) =>
    apply(event.data.translationId, event.position, tx, (doc) => ({ ...doc, instructions: event.data.instructions, updatedAt: event.data.changedAt })),
  TranslationRunRequested: async (event, tx) =>
    apply(event.data.translationId, event.position, tx, (doc) => ({ ...doc, status: doc.status === 'running' ? 'running' : 'pending', pendingRun: event.data.runId })),
  TranslationRunStarted: async (event, tx) =>
    apply(event.data.translationId, event.position, tx, ({ lastRunError: _reason, pendingRun: _run, ...doc }) => ({ ...doc, status: 'running' })),
  TranslationRunCompleted: async (event, tx) =>
    apply(event.data.translationId, event.position, tx, (doc) => {
      const { counts, totalPages, revisionId, completedAt } = event.data;
      const stats: TranslationStatsDoc = {
        runs: doc.stats.runs + 1,
        totalWords: doc.stats.totalWords + counts.words,
        totalPages,
        totalDurationMs: doc.stats.totalDurationMs + counts.durationMs,
        latestRunDurationMs: counts.durationMs,
        latestPages: counts.pages,
        latestWords: counts.words,
      };
      return { ...doc, status: doc.pendingRun ? 'pending' : 'completed', resultRevision: revisionId, stats, updatedAt: completedAt };
    }),
  TranslationRunFailed: async (event, tx) =>
    apply(event.data.translationId, event.position, tx, ({ pendingRun, ...doc }) => ({
      ...doc,
      // A run that failed before it started was the one waiting.
      ...(pendingRun !== undefined && pendingRun !== event.data.runId ? { pendingRun } : {}),
      status: 'pending',
      lastRunError: event.data.error,
      updatedAt: event.data.failedAt,
    })),
  TranslationDeleted: async ({ data }, tx) => tx.delete(TRANSLATIONS, data.translationId),
});

async function apply(
  translationId: string,
  position: string,
  tx: ReadTransaction,
  change: (doc: TranslationDoc) => TranslationDoc,
): Promise<void> {
  const doc = await tx.get<TranslationDoc>(TRANSLATIONS, translationId);
  if (!doc || comparePositions(position, doc.logPosition) <= 0) return;
  await tx.upsert(TRANSLATIONS, { ...change(doc), logPosition: position });
}
