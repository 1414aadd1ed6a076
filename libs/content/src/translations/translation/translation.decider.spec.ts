import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { emptyDocument } from '@folio/kernel/document/stored-document';
import { translationDecider, TranslationCommand } from './translation.decider';
import { TranslationEvent } from './translation.events';

const spec = deciderSpec(translationDecider);
const now = '2026-01-01T00:00:00.000Z';
const ref = { translationId: 't1', organizationId: 'o1' };
const instructions = emptyDocument();
const run = (n: number) => ({ runId: `run${n}`, revisionId: `rev${n}` });

const created: TranslationEvent = {
  type: 'TranslationCreated',
  data: { ...ref, sourceSpaceId: 's1', sourceLanguage: 'en', language: 'fr', instructions, targetSpaceId: 'target', createdBy: 'u1', createdAt: now },
};
const requested = (n: number): TranslationEvent => ({ type: 'TranslationRunRequested', data: { ...ref, ...run(n), requestedBy: 'u1', requestedAt: now } });
const started = (n: number): TranslationEvent => ({ type: 'TranslationRunStarted', data: { ...ref, runId: `run${n}`, sourceRevisionId: 'src', startedAt: now } });
const counts = { pages: 2, words: 10, durationMs: 5 };
const completed = (n: number): TranslationEvent => ({
  type: 'TranslationRunCompleted',
  data: { ...ref, runId: `run${n}`, revisionId: `rev${n}`, totalPages: 3, counts, completedAt: now },
});
const failed = (n: number): TranslationEvent => ({ type: 'TranslationRunFailed', data: { ...ref, runId: `run${n}`, error: 'engine down', failedAt: now } });
const pages = [{ key: 'k1', object: 'o1', words: 4 }];

const create = (language: 'fr' | 'en' = 'fr'): TranslationCommand => ({
  type: 'CreateTranslation', ...ref, sourceSpaceId: 's1', sourceLanguage: 'en', language, instructions, targetSpaceId: 'target', run: run(1), actor: 'u1', now,
});
const request = (n: number): TranslationCommand => ({ type: 'RequestRun', ...ref, run: run(n), actor: 'u1', now });
const start = (n: number): TranslationCommand => ({ type: 'StartRun', ...ref, runId: `run${n}`, sourceRevisionId: 'src', now });
const record = (n: number): TranslationCommand => ({ type: 'RecordTranslatedPages', ...ref, runId: `run${n}`, pages, now });
const complete = (n: number): TranslationCommand => ({ type: 'CompleteRun', ...ref, runId: `run${n}`, revisionId: `rev${n}`, totalPages: 3, counts, now });
const fail = (n: number): TranslationCommand => ({ type: 'FailRun', ...ref, runId: `run${n}`, error: 'engine down', now });

describe('translation decider', () => {
  it('creates a translation and asks for its first run at once', () => spec.given([]).when(create()).then([created, requested(1)]));
  it('refuses a translation into its source language', () => spec.given([]).when(create('en')).thenThrows(Invalid, 'language must differ'));
  it('refuses to create one twice', () => spec.given([created]).when(create()).thenThrows(Conflict));

  it('changes the instructions', () =>
    spec.given([created]).when({ type: 'ChangeInstructions', ...ref, instructions, actor: 'u2', now }).then([
      { type: 'TranslationInstructionsChanged', data: { ...ref, instructions, changedBy: 'u2', changedAt: now } },
    ]));
  it('deletes, then answers a second delete with nothing', () => {
    spec.given([created]).when({ type: 'DeleteTranslation', ...ref, actor: 'u1', now }).then([{ type: 'TranslationDeleted', data: { ...ref, deletedBy: 'u1', deletedAt: now } }]);
    spec.given([created, { type: 'TranslationDeleted', data: { ...ref, deletedBy: 'u1', deletedAt: now } }]).when({ type: 'DeleteTranslation', ...ref, actor: 'u1', now }).then([]);
  });
  it('knows no deleted translation', () =>
    spec.given([created, { type: 'TranslationDeleted', data: { ...ref, deletedBy: 'u1', deletedAt: now } }]).when(request(2)).thenThrows(NotFound));

  describe('runs', () => {
    it('coalesces a request with the one still waiting to start', () => spec.given([created, requested(1)]).when(request(2)).then([]));
    it('queues a request made while a run goes', () => spec.given([created, requested(1), started(1)]).when(request(2)).then([requested(2)]));
    it('asks again once the last run ended', () => spec.given([created, requested(1), started(1), completed(1)]).when(request(2)).then([requested(2)]));
    it('starts the run waiting', () => spec.given([created, requested(1)]).when(start(1)).then([started(1)]));
    it('starts a resumed run no second time', () => spec.given([created, requested(1), started(1)]).when(start(1)).then([]));
    it('refuses to start a run that ended', () => spec.given([created, requested(1), started(1), completed(1)]).when(start(1)).thenThrows(Conflict));
    it('records pages of the running run only', () => {
      spec.given([created, requested(1), started(1)]).when(record(1)).then([{ type: 'TranslationPagesTranslated', data: { ...ref, runId: 'run1', pages } }]);
      spec.given([created, requested(1)]).when(record(1)).thenThrows(Conflict);
    });
    it('records no empty batch', () => spec.given([created, requested(1), started(1)]).when({ ...record(1), pages: [] } as TranslationCommand).then([]));
    it('completes the running run once', () => {
      spec.given([created, requested(1), started(1)]).when(complete(1)).then([completed(1)]);
      spec.given([created, requested(1), started(1), completed(1)]).when(complete(1)).thenThrows(Conflict);
    });
    it('fails a running run, and one that failed before it started', () => {
      spec.given([created, requested(1), started(1)]).when(fail(1)).then([failed(1)]);
      spec.given([created, requested(1)]).when(fail(1)).then([failed(1)]);
    });
    it('asks for a run again after a failure', () => spec.given([created, requested(1), started(1), failed(1)]).when(request(2)).then([requested(2)]));
    it('refuses to fail a run that ended', () => spec.given([created, requested(1), failed(1)]).when(fail(1)).thenThrows(Conflict));
  });
});
