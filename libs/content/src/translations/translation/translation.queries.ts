import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { TranslationReads } from './translation.reads';
import { TranslationResource, translationResource } from './translation.resource';

/** Every member of the organization lists its translations, newest first. */
export class ListTranslations extends Query<ListEnvelope<TranslationResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly query: ListQuery) {
    super();
  }
}

@QueryHandler(ListTranslations)
export class ListTranslationsHandler implements IQueryHandler<ListTranslations> {
  constructor(private readonly reads: TranslationReads, @Inject(CONFIG) private readonly config: FolioConfig) {}

  async execute({ caller, organizationId, query }: ListTranslations) {
    const permissions = await this.reads.permissions(caller, organizationId);
    const page = await this.reads.list(organizationId, query);
    return listEnvelope(page.items.map((doc) => translationResource(doc, this.config, permissions)), page.next);
  }
}

export class GetTranslation extends Query<TranslationResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly translationId: string) {
    super();
  }
}

@QueryHandler(GetTranslation)
export class GetTranslationHandler implements IQueryHandler<GetTranslation> {
  constructor(private readonly reads: TranslationReads, @Inject(CONFIG) private readonly config: FolioConfig) {}

  async execute({ caller, organizationId, translationId }: GetTranslation) {
    const permissions = await this.reads.permissions(caller, organizationId);
    return translationResource(await this.reads.translation(organizationId, translationId), this.config, permissions);
  }
}

export const translationQueryHandlers = [ListTranslationsHandler, GetTranslationHandler];
