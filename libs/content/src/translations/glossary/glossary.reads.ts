import { Inject, Injectable } from '@nestjs/common';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore, Sort } from '@folio/platform/read-store/read-store.port';
import { GlossaryTerm } from '../page-translation';
import { TranslationLanguage } from '../translation-language';
import { MAX_GLOSSARY_ENTRIES } from './glossary.decider';
import { GLOSSARY_ENTRIES, GlossaryEntryDoc } from './glossary.projection';

/** Reads of the glossary read model, under the organization the request went through. */
@Injectable()
export class GlossaryReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async entry(organizationId: string, glossaryEntryId: string): Promise<GlossaryEntryDoc> {
    const doc = await this.reads.get<GlossaryEntryDoc>(GLOSSARY_ENTRIES, glossaryEntryId);
    if (!doc || doc.organizationId !== organizationId) throw new NotFound('glossary entry');
    return doc;
  }

  /** Newest first, or by one language's term (`orderBy`, a checked TranslationLanguage). */
  list(organizationId: string, orderBy: TranslationLanguage | undefined, list: ListQuery) {
    const sort: Sort = orderBy ? { field: `by.${orderBy}`, direction: 'asc' } : { field: 'createdAt', direction: 'desc' };
    return findPage<GlossaryEntryDoc>(this.reads, GLOSSARY_ENTRIES, { filter: { organizationId }, sort }, list);
  }

  /**
   * The terms a run applies from `from` to `to`: every entry with a term in both, in id order (so the same
   * glossary is the same list, and the same page key). Bounded by the glossary's size.
   */
  async termsFor(organizationId: string, from: TranslationLanguage, to: TranslationLanguage): Promise<GlossaryTerm[]> {
    const { items } = await this.reads.find<GlossaryEntryDoc>(GLOSSARY_ENTRIES, {
      filter: { organizationId, [`by.${from}`]: { $gte: '1:', $lt: '2:' }, [`by.${to}`]: { $gte: '1:', $lt: '2:' } },
      limit: MAX_GLOSSARY_ENTRIES,
    });
    return items
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((entry) => {
        const byLanguage = new Map(Object.entries(entry.translations));
        return { source: byLanguage.get(from)!, target: byLanguage.get(to)! };
      });
  }
}
