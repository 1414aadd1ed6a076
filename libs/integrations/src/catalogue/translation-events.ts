import { CatalogueEntry, EventData, pick } from './catalogue-entry';

/**
 * The content context's translation events (TranslationEvent), by the fields they carry: the translation,
 * its spaces and languages, and its runs' outcomes. Instructions (a document) are never sent; a request
 * and the pages translated along the way are a run's bookkeeping.
 */
const translation = (d: EventData) => pick(d, 'translationId');
const run = (d: EventData) => pick(d, 'translationId', 'runId');

export const TRANSLATION_EVENTS: ReadonlyMap<string, CatalogueEntry> = new Map([
  [
    'TranslationCreated',
    { name: 'translation.created', view: (d) => pick(d, 'translationId', 'sourceSpaceId', 'targetSpaceId', 'sourceLanguage', 'language', 'createdBy') },
  ],
  ['TranslationInstructionsChanged', { name: 'translation.updated', view: (d) => ({ ...translation(d), ...pick(d, 'changedBy') }) }],
  ['TranslationDeleted', { name: 'translation.deleted', view: (d) => ({ ...translation(d), ...pick(d, 'deletedBy') }) }],
  ['TranslationRunStarted', { name: 'translation.run_started', view: (d) => ({ ...run(d), ...pick(d, 'sourceRevisionId') }) }],
  ['TranslationRunCompleted', { name: 'translation.run_completed', view: (d) => ({ ...run(d), ...pick(d, 'revisionId', 'totalPages', 'counts') }) }],
  ['TranslationRunFailed', { name: 'translation.run_failed', view: (d) => ({ ...run(d), ...pick(d, 'error') }) }],
] satisfies [string, CatalogueEntry][]);
