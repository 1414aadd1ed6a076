import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { Role } from '@folio/platform/domain/roles';
import { assertAllowed, organizationPermissions } from '@folio/identity/public/organization-permissions';
import { ContentAccess } from '../access/content-access';
import { SpaceReads } from './space.reads';
import { spaceResource, SpaceResource } from './space.resource';

export class ListMemberSpaces extends Query<ListEnvelope<{ permission: Role; space: SpaceResource }>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly userId: string,
    readonly list: ListQuery & { order?: 'asc' | 'desc' },
  ) {
    super();
  }
}

/**
 * The spaces a member can access, each with that member's effective role (`permission`); the space
 * itself is shown as the caller sees it. Admins list anyone's; members their own. Like the
 * organization's space list, a page is filtered after it is read, so it may hold fewer than `limit`.
 */
@QueryHandler(ListMemberSpaces)
export class ListMemberSpacesHandler implements IQueryHandler<ListMemberSpaces> {
  constructor(
    private readonly spaces: SpaceReads,
    private readonly access: ContentAccess,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, userId, list }: ListMemberSpaces) {
    const callerRole = await this.access.organizationRole(caller, organizationId);
    assertAllowed(caller.userId === userId || organizationPermissions(callerRole).admin, "list this member's spaces");
    await this.access.organizationRole({ ...caller, userId }, organizationId);
    const page = await this.spaces.listInOrganization(organizationId, list, list.order ?? 'desc');
    const views = await this.spaces.visibleAmong(caller, page.items);
    const theirs = await this.access.forMany({ ...caller, userId }, views.map((v) => v.space));
    const items = views.flatMap((view) => {
      const permission = theirs.get(view.space.id);
      return permission ? [{ permission, space: spaceResource(view, this.config) }] : [];
    });
    return listEnvelope(items, page.next);
  }
}
