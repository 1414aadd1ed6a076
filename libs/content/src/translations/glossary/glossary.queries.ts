import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope } from '@folio/platform/http/pagination';
import { TranslationReads } from '../translation/translation.reads';
import { ListGlossaryQuery } from './glossary.dto';
import { GlossaryReads } from './glossary.reads';
import { GlossaryEntryResource, glossaryEntryResource } from './glossary.resource';

/** Every member of the organization reads its glossary. */
export class ListGlossaryEntries extends Query<ListEnvelope<GlossaryEntryResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly query: ListGlossaryQuery) {
    super();
  }
}

@QueryHandler(ListGlossaryEntries)
export class ListGlossaryEntriesHandler implements IQueryHandler<ListGlossaryEntries> {
  constructor(private readonly access: TranslationReads, private readonly reads: GlossaryReads, @Inject(CONFIG) private readonly config: FolioConfig) {}

  async execute({ caller, organizationId, query }: ListGlossaryEntries) {
    await this.access.permissions(caller, organizationId);
    const { orderBy, ...list } = query;
    const page = await this.reads.list(organizationId, orderBy, list);
    return listEnvelope(page.items.map((doc) => glossaryEntryResource(doc, this.config)), page.next);
  }
}

export class GetGlossaryEntry extends Query<GlossaryEntryResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly glossaryEntryId: string) {
    super();
  }
}

@QueryHandler(GetGlossaryEntry)
export class GetGlossaryEntryHandler implements IQueryHandler<GetGlossaryEntry> {
  constructor(private readonly access: TranslationReads, private readonly reads: GlossaryReads, @Inject(CONFIG) private readonly config: FolioConfig) {}

  async execute({ caller, organizationId, glossaryEntryId }: GetGlossaryEntry) {
    await this.access.permissions(caller, organizationId);
    return glossaryEntryResource(await this.reads.entry(organizationId, glossaryEntryId), this.config);
  }
}

export const glossaryQueryHandlers = [ListGlossaryEntriesHandler, GetGlossaryEntryHandler];
