import { QueryBus } from '@nestjs/cqrs';
import { loadConfig } from '@folio/platform/config/config';
import { useProjectedReadStore } from '@folio/platform/testing/projected-read-store';
import { OrganizationEvent } from '../organizations/organization.events';
import { FindMentionableMembers } from '../public/mentionable-members.query';
import { UserEvent } from '../users/user.events';
import { userProjection } from '../users/user.projection';
import { UserReads } from '../users/user.reads';
import { memberProjection } from './member.projection';
import { MemberReads } from './member.reads';
import { FindMentionableMembersHandler } from './mentionable-members.handler';

type Event = UserEvent | OrganizationEvent;

const now = '2026-01-01T00:00:00.000Z';

const user = (userId: string, email: string, displayName: string): Event => ({ type: 'UserCreated', data: { userId, email, displayName, createdAt: now } });
const joined = (organizationId: string, userId: string, role: 'read' | null = 'read'): Event => ({
  type: 'MemberJoined',
  data: { organizationId, userId, role, via: 'invite', joinedAt: now },
});

describe('FindMentionableMembers', () => {
  const store = useProjectedReadStore('folio-mentionable-', [userProjection, memberProjection]);
  const find = (organizationId: string, handles: string[]) => {
    // Mentions need no counts: nothing is asked of other contexts.
    const members = new MemberReads(store.reads, loadConfig({}), {} as QueryBus);
    return new FindMentionableMembersHandler(new UserReads(store.reads), members).execute(new FindMentionableMembers(organizationId, handles));
  };

  beforeEach(() =>
    store.given([
      user('ada', 'Ada.Lovelace@Acme.test', 'Ada Lovelace'),
      user('bob', 'bob@acme.test', 'Bob'),
      user('cy', 'cy@acme.test', 'Cy'),
      user('dan', 'dan@other.test', 'Dan'),
      joined('o1', 'ada'),
      joined('o1', 'bob'),
      joined('o1', 'cy', null),
      joined('o2', 'dan'),
    ]),
  );

  it('finds members by user id and by email address, whatever its case, keyed by the handle as given', async () => {
    const found = await find('o1', ['ada.lovelace@acme.test', 'bob', 'BOB@ACME.TEST', 'cy']);
    expect([...found]).toEqual([
      ['ada.lovelace@acme.test', { userId: 'ada', displayName: 'Ada Lovelace' }],
      ['bob', { userId: 'bob', displayName: 'Bob' }],
      ['BOB@ACME.TEST', { userId: 'bob', displayName: 'Bob' }],
      ['cy', { userId: 'cy', displayName: 'Cy' }],
    ]);
  });

  it('leaves out unknown handles and users who are not members of the organization', async () => {
    const found = await find('o1', ['nobody', 'nobody@acme.test', 'dan', 'dan@other.test', 'bob']);
    expect([...found.keys()]).toEqual(['bob']);
    expect([...(await find('o2', ['ada', 'dan@other.test'])).keys()]).toEqual(['dan@other.test']);
  });

  it('reads the handles of a long comment in a few batched reads, not one per handle', async () => {
    const finds = jest.spyOn(store.reads, 'find');
    const gets = jest.spyOn(store.reads, 'get');
    const handles = Array.from({ length: 500 }, (_, i) => (i % 2 ? `someone${i}@acme.test` : `user${i}`));
    expect([...(await find('o1', [...handles, 'bob@acme.test', 'ada'])).keys()]).toEqual(['bob@acme.test', 'ada']);
    expect(finds.mock.calls.length).toBeLessThanOrEqual(2);
    expect(gets).not.toHaveBeenCalled();
  });

  it('answers an empty map for no handles', async () => {
    expect((await find('o1', [])).size).toBe(0);
  });
});
