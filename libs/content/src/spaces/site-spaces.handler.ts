import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { GetSpacesForSite, SpaceForSite } from '../public/site-spaces.query';
import { SpaceReads } from './space.reads';
import { spaceResource } from './space.resource';

@QueryHandler(GetSpacesForSite)
export class GetSpacesForSiteHandler implements IQueryHandler<GetSpacesForSite> {
  constructor(
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, spaceIds }: GetSpacesForSite): Promise<Map<string, SpaceForSite>> {
    const views = caller === null ? await this.spaces.publishedIn(organizationId, spaceIds) : await this.spaces.visibleIn(caller, organizationId, spaceIds);
    return new Map(
      views.map((view) => [view.space.id, { resource: spaceResource(view, this.config), title: view.space.title, deleted: Boolean(view.space.deletedAt) }]),
    );
  }
}
