import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '@folio/platform/clock';
import { KeptWhileUnchanged } from '@folio/platform/read-store/kept-while-unchanged';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GetMembership, Membership } from '../public/membership.query';
import { MemberReads } from './member.reads';

/** Memberships kept: more callers than this at once only cost their teams' query again. */
const KEPT_MEMBERSHIPS = 10_000;

/**
 * Every content read asks it (content access), and the teams are a query of the read store, the largest
 * part of a page read's own work once its documents are cached: so the answer is kept while the read
 * models are unchanged (any commit, here or by another process, computes it anew, so a role or team
 * change still applies to the next request). Frozen: every caller gets the same object.
 */
@QueryHandler(GetMembership)
export class GetMembershipHandler implements IQueryHandler<GetMembership> {
  private readonly kept: KeptWhileUnchanged<Membership | null>;

  constructor(
    private readonly members: MemberReads,
    @Inject(READ_STORE) reads: ReadStore,
    clock: Clock,
  ) {
    this.kept = new KeptWhileUnchanged(reads, clock, KEPT_MEMBERSHIPS);
  }

  execute({ organizationId, userId }: GetMembership): Promise<Membership | null> {
    return this.kept.get(`${organizationId}\u0000${userId}`, async () => {
      const member = await this.members.membership(organizationId, userId);
      if (!member) return null;
      return Object.freeze({ role: member.role, teamIds: Object.freeze(await this.members.teamIds(organizationId, userId)) as string[] });
    });
  }
}
