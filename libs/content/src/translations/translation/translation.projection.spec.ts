import { emptyDocument } from '@folio/kernel/document/stored-document';
import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { TranslationEvent, translationStream } from './translation.events';
import { TRANSLATIONS, TranslationDoc, translationProjection } from './translation.projection';

const spec = projectionSpec<TranslationEvent>(translationProjection, { stream: (e) => translationStream(e.data.translationId) });
const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ref = (translationId = 't1') => ({ translationId, organizationId: 'o1' });
const instructions = emptyDocument();
const said = { ...emptyDocument(), nodes: [{ object: 'block' as const, type: 'paragraph', nodes: [] }] } as never;

const created = (id = 't1', when = at(1)): TranslationEvent => ({
  type: 'TranslationCreated',
  data: { ...ref(id), sourceSpaceId: 's1', sourceLanguage: 'en', language: 'fr', instructions, targetSpaceId: `${id}-target`, createdBy: 'u1', createdAt: when },
});
const requested = (n: number, id = 't1'): TranslationEvent => ({ type: 'TranslationRunRequested', data: { ...ref(id), runId: `run${n}`, revisionId: `rev${n}`, requestedBy: 'u1', requestedAt: at(n) } });
const started = (n: number): TranslationEvent => ({ type: 'TranslationRunStarted', data: { ...ref(), runId: `run${n}`, sourceRevisionId: 'src', startedAt: at(n) } });
const translated = (n: number): TranslationEvent => ({ type: 'TranslationPagesTranslated', data: { ...ref(), runId: `run${n}`, pages: [{ key: 'k', object: 'o', words: 3 }] } });
const completed = (n: number, pages: number, words: number, durationMs: number, when = at(n + 1)): TranslationEvent => ({
  type: 'TranslationRunCompleted',
  data: { ...ref(), runId: `run${n}`, revisionId: `rev${n}`, totalPages: 5, counts: { pages, words, durationMs }, completedAt: when },
});
const failed = (n: number, when = at(n + 1)): TranslationEvent => ({ type: 'TranslationRunFailed', data: { ...ref(), runId: `run${n}`, error: 'engine down', failedAt: when } });
const changed = (when: string): TranslationEvent => ({ type: 'TranslationInstructionsChanged', data: { ...ref(), instructions: said, changedBy: 'u1', changedAt: when } });
const deleted = (id: string): TranslationEvent => ({ type: 'TranslationDeleted', data: { ...ref(id), deletedBy: 'u1', deletedAt: at(9) } });

const noStats = { runs: 0, totalWords: 0, totalPages: 0, totalDurationMs: 0, latestRunDurationMs: 0, latestPages: 0, latestWords: 0 };
const doc = (logPosition: string, fields: Partial<TranslationDoc> = {}): TranslationDoc => ({
  id: 't1',
  organizationId: 'o1',
  sourceSpaceId: 's1',
  sourceLanguage: 'en',
  language: 'fr',
  instructions,
  targetSpaceId: 't1-target',
  status: 'pending',
  stats: noStats,
  createdAt: at(1),
  updatedAt: at(1),
  logPosition,
  ...fields,
});

/** Two runs (the second after a failed one and a request made while it ran), changed instructions, a deleted translation. */
const history: TranslationEvent[] = [
  created(),
  requested(1),
  started(1),
  translated(1),
  completed(1, 5, 40, 2_400),
  changed(at(3)),
  requested(3),
  started(3),
  failed(3),
  requested(5),
  started(5),
  requested(6),
  completed(5, 1, 7, 600, at(7)),
  created('t2', at(8)),
  deleted('t2'),
];

describe('translation projection', () => {
  it('records a new translation as pending, with no stats and no result', () =>
    spec.given([created(), requested(1)]).then(TRANSLATIONS, [doc('2', { pendingRun: 'run1' })]));

  it('is running once its run started', () => spec.given([created(), requested(1), started(1)]).then(TRANSLATIONS, [doc('3', { status: 'running' })]));

  it('completes a run: result and stats', () =>
    spec.given([created(), requested(1), started(1), translated(1), completed(1, 5, 40, 2_400)]).then(TRANSLATIONS, [
      doc('5', {
        status: 'completed',
        resultRevision: 'rev1',
        updatedAt: at(2),
        stats: { runs: 1, totalWords: 40, totalPages: 5, totalDurationMs: 2_400, latestRunDurationMs: 2_400, latestPages: 5, latestWords: 40 },
      }),
    ]));

  it('is pending again after a failed run, saying why until the next run starts', () => {
    spec.given([created(), requested(1), started(1), failed(1)]).then(TRANSLATIONS, [doc('4', { lastRunError: 'engine down', updatedAt: at(2) })]);
    spec.given([created(), requested(1), failed(1), requested(3), started(3)]).then(TRANSLATIONS, [doc('5', { status: 'running', updatedAt: at(2) })]);
  });

  it('ends its whole history with these documents', () =>
    spec.given(history).then(TRANSLATIONS, [
      doc('13', {
        status: 'pending',
        pendingRun: 'run6',
        instructions: said,
        resultRevision: 'rev5',
        updatedAt: at(7),
        stats: { runs: 2, totalWords: 47, totalPages: 5, totalDurationMs: 3_000, latestRunDurationMs: 600, latestPages: 1, latestWords: 7 },
      }),
    ]));

  it('lists an organization newest first', () =>
    spec.given([created('a', at(1)), created('b', at(3)), created('c', at(2))]).thenFinds(TRANSLATIONS, { filter: { organizationId: 'o1' }, sort: { field: 'createdAt', direction: 'desc' } }, ['b', 'c', 'a']));

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
