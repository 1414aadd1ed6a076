import { FolioConfig } from '@folio/platform/config/config';
import { TranslationDoc } from './translation.projection';

/** Milliseconds as the spec's whole seconds. */
const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * The spec's Translation. `result` once a run completed; `lastRunError` (an addition) while the latest run
 * failed and no other started. `edit` is the caller's right to change and run it (createContent).
 */
export function translationResource(doc: TranslationDoc, config: Pick<FolioConfig, 'publicUrl'>, permissions: { view: boolean; edit: boolean }) {
  const { stats } = doc;
  return {
    object: 'translation' as const,
    id: doc.id,
    status: doc.status,
    source: { space: doc.sourceSpaceId, language: doc.sourceLanguage },
    language: doc.language,
    instructions: doc.instructions,
    ...(doc.resultRevision !== undefined ? { result: { space: doc.targetSpaceId, revision: doc.resultRevision, language: doc.language } } : {}),
    ...(doc.lastRunError !== undefined ? { lastRunError: doc.lastRunError } : {}),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    stats: {
      runs: stats.runs,
      totalWords: stats.totalWords,
      totalPages: stats.totalPages,
      totalDuration: seconds(stats.totalDurationMs),
      latestRunDuration: seconds(stats.latestRunDurationMs),
      latestPages: stats.latestPages,
      latestWords: stats.latestWords,
    },
    permissions,
    urls: { location: `${config.publicUrl}/v1/orgs/${doc.organizationId}/translations/${doc.id}` },
  };
}

export type TranslationResource = ReturnType<typeof translationResource>;
