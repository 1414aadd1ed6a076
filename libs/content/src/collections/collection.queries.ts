import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { ContentAccess } from '../access/content-access';
import { CollectionReads } from './collection.reads';
import { collectionResource, CollectionResource } from './collection.resource';

export class GetCollection extends Query<CollectionResource> {
  constructor(
    readonly caller: Caller,
    readonly collectionId: string,
  ) {
    super();
  }
}

@QueryHandler(GetCollection)
export class GetCollectionHandler implements IQueryHandler<GetCollection> {
  constructor(
    private readonly collections: CollectionReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, collectionId }: GetCollection) {
    return collectionResource(await this.collections.visible(caller, collectionId), this.config);
  }
}

export class ListCollections extends Query<ListEnvelope<CollectionResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    /** false: root collections only, in sibling order; true: every collection, oldest first. */
    readonly nested: boolean,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListCollections)
export class ListCollectionsHandler implements IQueryHandler<ListCollections> {
  constructor(
    private readonly collections: CollectionReads,
    private readonly access: ContentAccess,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, nested, list }: ListCollections) {
    await this.access.organizationRole(caller, organizationId);
    const page = await this.collections.list(organizationId, nested, list);
    const views = await this.collections.visibleAmong(caller, page.items);
    return listEnvelope(
      views.map((v) => collectionResource(v, this.config)),
      page.next,
    );
  }
}
