import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CursorKey, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { MEMBERS, MemberDoc } from '../members/member.projection';
import { organizationPermissions } from '../public/organization-permissions';

/** Memberships read per round trip; a page's organizations are then matched in one indexed count. */
const PAGE = 1000;

/**
 * Does `viewerId` share an organization with `userId` in which the viewer may see the members? Guests
 * may not list members (the permission table), so a guest membership lets nobody be seen through it;
 * the user can still be seen by the organization's other members, who list them anyway.
 */
export class SharesOrganization extends Query<boolean> {
  constructor(
    readonly viewerId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(SharesOrganization)
export class SharesOrganizationHandler implements IQueryHandler<SharesOrganization> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  /** Both reads use the members' (userId, organizationId) index: the cost follows the viewer's organizations. */
  async execute({ viewerId, userId }: SharesOrganization): Promise<boolean> {
    let after: CursorKey | undefined;
    do {
      const page = await this.reads.find<MemberDoc>(MEMBERS, {
        filter: { userId: viewerId },
        sort: { field: 'organizationId', direction: 'asc' },
        limit: PAGE,
        after,
      });
      const visible = page.items.filter((m) => organizationPermissions(m.role).listMembers).map((m) => m.organizationId);
      if (visible.length && (await this.reads.count(MEMBERS, { userId, organizationId: { $in: visible } })) > 0) return true;
      after = page.next;
    } while (after);
    return false;
  }
}
