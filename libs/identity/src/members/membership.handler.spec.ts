import { QueryBus } from '@nestjs/cqrs';
import { SystemClock } from '@folio/platform/clock';
import { loadConfig } from '@folio/platform/config/config';
import { useProjectedReadStore } from '@folio/platform/testing/projected-read-store';
import { OrganizationEvent } from '../organizations/organization.events';
import { GetMembership } from '../public/membership.query';
import { TeamEvent } from '../teams/team.events';
import { teamProjection } from '../teams/team.projection';
import { UserEvent } from '../users/user.events';
import { memberProjection } from './member.projection';
import { MemberReads } from './member.reads';
import { GetMembershipHandler } from './membership.handler';

type Event = UserEvent | OrganizationEvent | TeamEvent;

const now = '2026-01-01T00:00:00.000Z';
const config = loadConfig({ PUBLIC_URL: 'https://folio.test' });

const user = (userId: string): Event => ({ type: 'UserCreated', data: { userId, email: `${userId}@acme.test`, displayName: `User ${userId}`, createdAt: now } });
const joined = (userId: string): Event => ({ type: 'MemberJoined', data: { organizationId: 'o1', userId, role: 'read', via: 'invite', joinedAt: now } });
const team = (teamId: string): Event => ({ type: 'TeamCreated', data: { teamId, organizationId: 'o1', title: teamId, createdAt: now } });
const inTeam = (teamId: string, userId: string): Event => ({ type: 'TeamMemberAdded', data: { teamId, organizationId: 'o1', userId, role: 'member', addedAt: now } });
const removed = (userId: string): Event => ({ type: 'MemberRemoved', data: { organizationId: 'o1', userId, previousRole: 'read', removedAt: now } });

describe('GetMembership', () => {
  const store = useProjectedReadStore('folio-membership-', [memberProjection, teamProjection]);
  let reads: MemberReads;
  let handler: GetMembershipHandler;
  const membership = (userId: string) => handler.execute(new GetMembership('o1', userId));

  beforeEach(() => {
    reads = new MemberReads(store.reads, config, {} as QueryBus);
    handler = new GetMembershipHandler(reads, store.reads, new SystemClock());
  });

  it('asks the read store once while the read models are unchanged, and answers the same frozen membership', async () => {
    await store.given([user('ada'), joined('ada'), team('t1'), inTeam('t1', 'ada')]);
    const teams = jest.spyOn(reads, 'teamIds');

    const first = await membership('ada');
    expect(first).toEqual({ role: 'read', teamIds: ['t1'] });
    expect(await membership('ada')).toBe(first);
    expect(teams).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first!.teamIds)).toBe(true);
  });

  it('answers anew after any commit: a new team, then the removal, apply to the next call', async () => {
    // The log so far each time: the projections take up where their checkpoint is, so only the new events are projected.
    const log = [user('ada'), joined('ada'), team('t1'), team('t2'), inTeam('t1', 'ada')];
    await store.given(log);
    expect(await membership('ada')).toEqual({ role: 'read', teamIds: ['t1'] });

    log.push(inTeam('t2', 'ada'));
    await store.given(log);
    expect(await membership('ada')).toEqual({ role: 'read', teamIds: ['t1', 't2'] });

    log.push(removed('ada'));
    await store.given(log);
    expect(await membership('ada')).toBeNull();
  });

  it('keeps each user’s answer apart', async () => {
    await store.given([user('ada'), user('bob'), joined('ada'), team('t1'), inTeam('t1', 'ada')]);
    expect(await membership('ada')).toEqual({ role: 'read', teamIds: ['t1'] });
    expect(await membership('bob')).toBeNull();
  });
});
