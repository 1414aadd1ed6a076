import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { findEvery } from '@folio/platform/read-store/find-every';
import { Filter, fold, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { Role } from '@folio/platform/domain/roles';
import { CountGrantedSpaces } from '../public/granted-spaces.query';
import { MEMBERS, MemberDoc, memberId } from './member.projection';
import { memberResource, MemberResource } from './member.resource';

export type MemberSort = 'joinedAt' | 'lastSeenAt' | 'name';

export interface MemberListQuery extends ListQuery {
  order?: 'asc' | 'desc';
  role?: Role | 'guest';
  search?: string;
  sort?: MemberSort;
}

/** The read-model field each sort uses; `name` sorts on the case-folded display name. */
const SORT_FIELD: Record<MemberSort, string> = { joinedAt: 'joinedAt', lastSeenAt: 'lastSeenAt', name: 'nameFolded' };

/** Collection of the teams projection that holds one document per team membership. */
const TEAM_MEMBERS = 'teamMembers';

@Injectable()
export class MemberReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly queries: QueryBus,
  ) {}

  membership(organizationId: string, userId: string): Promise<MemberDoc | null> {
    return this.reads.get<MemberDoc>(MEMBERS, memberId(organizationId, userId));
  }

  async get(organizationId: string, userId: string): Promise<MemberDoc> {
    const member = await this.membership(organizationId, userId);
    if (!member) throw new NotFound('member');
    return member;
  }

  async teamIds(organizationId: string, userId: string): Promise<string[]> {
    return (await findEvery(this.reads, TEAM_MEMBERS, { organizationId, userId })).map((m) => String(m.teamId)).sort();
  }

  async resource(member: MemberDoc): Promise<MemberResource> {
    const [teams, spaces] = await Promise.all([
      this.reads.count(TEAM_MEMBERS, { organizationId: member.organizationId, userId: member.userId }),
      this.queries.execute(new CountGrantedSpaces(member.organizationId, { type: 'user', id: member.userId })),
    ]);
    return memberResource(member, { teams, spaces }, this.config);
  }

  /** Sorting by lastSeenAt lists only members seen at least once (the sort field must exist). */
  async list(organizationId: string, query: MemberListQuery) {
    const filter: Filter = { organizationId };
    if (query.role) filter.roleKey = query.role;
    if (query.search) filter.searchFolded = { $contains: fold(query.search) };
    const sort = { field: SORT_FIELD[query.sort ?? 'joinedAt'], direction: query.order ?? 'desc' } as const;
    const page = await findPage<MemberDoc>(this.reads, MEMBERS, { filter, sort }, query);
    return { items: await Promise.all(page.items.map((m) => this.resource(m))), next: page.next };
  }
}
