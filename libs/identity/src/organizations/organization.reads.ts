import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { MEMBERS, MemberDoc, memberId } from '../members/member.projection';
import { ORGANIZATIONS, OrganizationDoc } from './organization.projection';

export interface OrganizationView {
  organization: OrganizationDoc;
  membership: MemberDoc;
}

/** Reads of organizations as a caller may see them: non-members learn nothing, not even existence. */
@Injectable()
export class OrganizationReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  /** The organization and the caller's membership, or 404 for a missing one or a non-member. */
  async forMember(organizationId: string, caller: Caller): Promise<OrganizationView> {
    const [organization, membership] = (await this.reads.snapshot([
      { collection: ORGANIZATIONS, id: organizationId },
      { collection: MEMBERS, id: memberId(organizationId, caller.userId) },
    ])) as [OrganizationDoc | null, MemberDoc | null];
    if (!organization || !membership) throw new NotFound('organization');
    return { organization, membership };
  }

  /** For joining: anyone may learn that an organization exists by trying to join it. */
  organization(organizationId: string): Promise<OrganizationDoc | null> {
    return this.reads.get<OrganizationDoc>(ORGANIZATIONS, organizationId);
  }

  /** The organization holding `hostname` (reserved to one at a time), if any. */
  async withHostname(hostname: string): Promise<OrganizationDoc | null> {
    const page = await this.reads.find<OrganizationDoc>(ORGANIZATIONS, { filter: { hostname }, limit: 1 });
    return page.items[0] ?? null;
  }

  async listForUser(caller: Caller, list: ListQuery): Promise<{ items: OrganizationView[]; next?: { page: string } }> {
    const page = await findPage<MemberDoc>(
      this.reads,
      MEMBERS,
      { filter: { userId: caller.userId }, sort: { field: 'organizationId', direction: 'asc' } },
      list,
    );
    const organizations = await Promise.all(page.items.map((m) => this.reads.get<OrganizationDoc>(ORGANIZATIONS, m.organizationId)));
    const items = page.items.flatMap((membership, i) => {
      const organization = organizations[i];
      return organization ? [{ organization, membership }] : [];
    });
    return { items, next: page.next };
  }
}
