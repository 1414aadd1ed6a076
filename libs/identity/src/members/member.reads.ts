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

  /** The memberships of these users in the organization, in the order given, each once; non-members are absent. */
  async memberships(organizationId: string, userIds: string[]): Promise<MemberDoc[]> {
    const unique = [...new Set(userIds)];
    const found = await findEvery<MemberDoc>(this.reads, MEMBERS, { organizationId, userId: { $in: unique } });
    const byUser = new Map(found.map((m) => [m.userId, m]));
    return unique.flatMap((userId) => byUser.get(userId) ?? []);
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
    const [resource] = await this.resources(member.organizationId, [member]);
    return resource;
  }

  /**
   * The resources of members of one organization, in their order. Their team memberships are read at
   * once; the spaces each was granted are content's to count, one question per member.
   */
  async resources(organizationId: string, members: MemberDoc[]): Promise<MemberResource[]> {
    const userIds = members.map((m) => m.userId);
    const [teamMemberships, spaces] = await Promise.all([
      findEvery<{ id: string; userId: string }>(this.reads, TEAM_MEMBERS, { organizationId, userId: { $in: userIds } }),
      Promise.all(userIds.map((id) => this.queries.execute(new CountGrantedSpaces(organizationId, { type: 'user', id })))),
    ]);
    const teams = new Map<string, number>();
    for (const { userId } of teamMemberships) teams.set(userId, (teams.get(userId) ?? 0) + 1);
    return members.map((m, i) => memberResource(m, { teams: teams.get(m.userId) ?? 0, spaces: spaces[i] }, this.config));
  }

  /** Sorting by lastSeenAt lists only members seen at least once (the sort field must exist). */
  async list(organizationId: string, query: MemberListQuery) {
    const filter: Filter = { organizationId };
    if (query.role) filter.roleKey = query.role;
    if (query.search) filter.searchFolded = { $contains: fold(query.search) };
    const sort = { field: SORT_FIELD[query.sort ?? 'joinedAt'], direction: query.order ?? 'desc' } as const;
    const page = await findPage<MemberDoc>(this.reads, MEMBERS, { filter, sort }, query);
    return { items: await this.resources(organizationId, page.items), next: page.next };
  }
}
