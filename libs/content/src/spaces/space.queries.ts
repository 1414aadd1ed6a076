import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { ContentAccess } from '../access/content-access';
import { CollectionReads } from '../collections/collection.reads';
import { SpaceReads } from './space.reads';
import { spaceResource, SpaceResource } from './space.resource';

export class GetSpace extends Query<SpaceResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    /** Accepted for share-link sites; Folio publishes no sites yet, so it changes nothing. */
    readonly shareKey?: string,
  ) {
    super();
  }
}

@QueryHandler(GetSpace)
export class GetSpaceHandler implements IQueryHandler<GetSpace> {
  constructor(
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId }: GetSpace) {
    return spaceResource(await this.spaces.visible(caller, spaceId), this.config);
  }
}

export class ListSpaces extends Query<ListEnvelope<SpaceResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly list: ListQuery,
  ) {
    super();
  }
}

/** The organization's live spaces the caller can see, oldest first. */
@QueryHandler(ListSpaces)
export class ListSpacesHandler implements IQueryHandler<ListSpaces> {
  constructor(
    private readonly spaces: SpaceReads,
    private readonly access: ContentAccess,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, list }: ListSpaces) {
    await this.access.organizationRole(caller, organizationId);
    const page = await this.spaces.listInOrganization(organizationId, list);
    const views = await this.spaces.visibleAmong(caller, page.items);
    return listEnvelope(
      views.map((v) => spaceResource(v, this.config)),
      page.next,
    );
  }
}

export class ListSpacesInCollection extends Query<ListEnvelope<SpaceResource>> {
  constructor(
    readonly caller: Caller,
    readonly collectionId: string,
    readonly list: ListQuery,
  ) {
    super();
  }
}

/** A collection's direct, live spaces the caller can see, in sibling order. */
@QueryHandler(ListSpacesInCollection)
export class ListSpacesInCollectionHandler implements IQueryHandler<ListSpacesInCollection> {
  constructor(
    private readonly spaces: SpaceReads,
    private readonly collections: CollectionReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, collectionId, list }: ListSpacesInCollection) {
    const { collection } = await this.collections.visible(caller, collectionId);
    const page = await this.spaces.listInCollection(collection.organizationId, collectionId, list);
    const views = await this.spaces.visibleAmong(caller, page.items);
    return listEnvelope(
      views.map((v) => spaceResource(v, this.config)),
      page.next,
    );
  }
}
