import { FolioConfig } from '@folio/platform/config/config';
import { GlossaryEntryDoc } from './glossary.projection';

/** The spec's GlossaryEntry. */
export function glossaryEntryResource(doc: GlossaryEntryDoc, config: Pick<FolioConfig, 'publicUrl'>) {
  return {
    object: 'glossary-entry' as const,
    id: doc.id,
    translations: doc.translations,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    urls: { location: `${config.publicUrl}/v1/orgs/${doc.organizationId}/translations-glossary/${doc.id}` },
  };
}

export type GlossaryEntryResource = ReturnType<typeof glossaryEntryResource>;
