import { Inject, Injectable } from '@nestjs/common';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { Role } from '@folio/platform/domain/roles';
import { INVITES, InviteDoc } from './invite.projection';
import { inviteResource } from './invite.resource';

@Injectable()
export class InviteReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  /** An invite of this organization; another organization's invite is as missing as a deleted one. */
  async get(organizationId: string, inviteId: string): Promise<InviteDoc> {
    const invite = await this.reads.get<InviteDoc>(INVITES, inviteId);
    if (!invite || invite.organizationId !== organizationId) throw new NotFound('invite');
    return invite;
  }

  async resource(organizationId: string, inviteId: string, callerRole: Role | null) {
    return inviteResource(await this.get(organizationId, inviteId), callerRole);
  }

  async list(organizationId: string, callerRole: Role | null, list: ListQuery) {
    const page = await findPage<InviteDoc>(
      this.reads,
      INVITES,
      { filter: { organizationId }, sort: { field: 'createdAt', direction: 'desc' } },
      list,
    );
    return { items: page.items.map((i) => inviteResource(i, callerRole)), next: page.next };
  }
}
