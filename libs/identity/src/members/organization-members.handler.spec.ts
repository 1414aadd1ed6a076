import { QueryBus } from '@nestjs/cqrs';
import { loadConfig } from '@folio/platform/config/config';
import { useProjectedReadStore } from '@folio/platform/testing/projected-read-store';
import { OrganizationEvent } from '../organizations/organization.events';
import { CountGrantedSpaces } from '../public/granted-spaces.query';
import { GetOrganizationMembers } from '../public/organization-members.query';
import { TeamEvent } from '../teams/team.events';
import { teamProjection } from '../teams/team.projection';
import { UserEvent } from '../users/user.events';
import { memberProjection } from './member.projection';
import { MemberReads } from './member.reads';
import { GetOrganizationMembersHandler } from './organization-members.handler';

type Event = UserEvent | OrganizationEvent | TeamEvent;

const now = '2026-01-01T00:00:00.000Z';
const config = loadConfig({ PUBLIC_URL: 'https://folio.test' });

const user = (userId: string): Event => ({ type: 'UserCreated', data: { userId, email: `${userId}@acme.test`, displayName: `User ${userId}`, createdAt: now } });
const joined = (organizationId: string, userId: string, role: 'admin' | 'read' | null = 'read'): Event => ({
  type: 'MemberJoined',
  data: { organizationId, userId, role, via: 'invite', joinedAt: now },
});
const inTeam = (organizationId: string, teamId: string, userId: string): Event => ({
  type: 'TeamMemberAdded',
  data: { teamId, organizationId, userId, role: 'member', addedAt: now },
});
const team = (organizationId: string, teamId: string): Event => ({ type: 'TeamCreated', data: { teamId, organizationId, title: teamId, createdAt: now } });

describe('GetOrganizationMembers', () => {
  const store = useProjectedReadStore('folio-org-members-', [memberProjection, teamProjection]);
  /** Content's answer, stood in for: the spaces granted to each user of o1. */
  const granted: Record<string, number> = { ada: 3 };
  const countGranted = jest.fn(async (q: CountGrantedSpaces) => (q.organizationId === 'o1' ? (granted[q.principal.id] ?? 0) : 0));
  const members = (organizationId: string, userIds: string[]) =>
    new GetOrganizationMembersHandler(new MemberReads(store.reads, config, { execute: countGranted } as unknown as QueryBus)).execute(
      new GetOrganizationMembers(organizationId, userIds),
    );

  beforeEach(() => countGranted.mockClear());

  it('answers the Member resources of the members among the ids, in the order given, each once', async () => {
    await store.given([
      ...['ada', 'bob', 'cy', 'dan', 'eve'].map(user),
      joined('o1', 'ada', 'admin'),
      joined('o1', 'bob'),
      joined('o1', 'cy', null),
      joined('o2', 'dan'),
      joined('o1', 'eve'),
      { type: 'MemberRemoved', data: { organizationId: 'o1', userId: 'eve', previousRole: 'read', removedAt: now } },
      team('o1', 't1'),
      team('o1', 't2'),
      team('o2', 't9'),
      inTeam('o1', 't1', 'ada'),
      inTeam('o1', 't2', 'ada'),
      inTeam('o2', 't9', 'ada'),
      inTeam('o1', 't1', 'bob'),
    ]);

    const answered = await members('o1', ['bob', 'nobody', 'dan', 'ada', 'eve', 'cy', 'bob']);

    expect(answered.map((m) => [m.id, m.role, m.teams, m.spaces])).toEqual([
      ['bob', 'read', 1, 0],
      ['ada', 'admin', 2, 3],
      ['cy', null, 0, 0],
    ]);
    expect(answered[1]).toEqual({
      object: 'member',
      id: 'ada',
      role: 'admin',
      user: { object: 'user', id: 'ada', displayName: 'User ada', email: 'ada@acme.test', urls: { location: 'https://folio.test/v1/users/ada' } },
      disabled: false,
      joinedAt: now,
      sso: false,
      spaces: 3,
      teams: 2,
      sites: 0,
    });
  });

  it('answers what the member route answers for each of them', async () => {
    await store.given([user('ada'), user('bob'), joined('o1', 'ada'), joined('o1', 'bob'), team('o1', 't1'), inTeam('o1', 't1', 'bob')]);
    const reads = new MemberReads(store.reads, config, { execute: countGranted } as unknown as QueryBus);
    const one = async (userId: string) => reads.resource(await reads.get('o1', userId));
    expect(await members('o1', ['bob', 'ada'])).toEqual([await one('bob'), await one('ada')]);
  });

  it('answers nothing for no ids, or none of them members', async () => {
    await store.given([user('ada'), joined('o2', 'ada')]);
    expect(await members('o1', [])).toEqual([]);
    expect(await members('o1', ['ada', 'nobody'])).toEqual([]);
  });

  it('reads a page of 1000 members in a few batched reads, not one per member', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `u${String(i).padStart(4, '0')}`);
    await store.given([...ids.map(user), ...ids.map((id) => joined('o1', id)), team('o1', 't1'), ...ids.filter((_, i) => i % 2).map((id) => inTeam('o1', 't1', id))]);
    const finds = jest.spyOn(store.reads, 'find');
    const gets = jest.spyOn(store.reads, 'get');
    const counts = jest.spyOn(store.reads, 'count');

    const asked = [...ids].reverse();
    const answered = await members('o1', asked);

    expect(answered.map((m) => m.id)).toEqual(asked);
    expect(answered.map((m) => m.teams)).toEqual(asked.map((id) => Number(id.slice(1)) % 2));
    expect(finds.mock.calls.length).toBeLessThanOrEqual(4);
    expect(gets).not.toHaveBeenCalled();
    expect(counts).not.toHaveBeenCalled();
    // The spaces are content's to count (one question per member, answered from its own read model).
    expect(countGranted).toHaveBeenCalledTimes(1000);
  });
});
