import { Role } from '@folio/platform/domain/roles';
import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { MemberActivityEvent, memberActivityStream } from '../member-activity/member-activity.events';
import { OrganizationEvent, organizationStream } from '../organizations/organization.events';
import { UserEvent, userStream } from '../users/user.events';
import { MEMBER_PROFILES, MemberDoc, memberProjection, MEMBERS } from './member.projection';

type Event = OrganizationEvent | UserEvent | MemberActivityEvent;

const spec = projectionSpec<Event>(memberProjection, {
  stream: (e) =>
    e.type === 'MemberSeen'
      ? memberActivityStream(e.data.organizationId, e.data.userId)
      : 'organizationId' in e.data
        ? organizationStream(e.data.organizationId)
        : userStream(e.data.userId),
});
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-05T00:00:00.000Z';

const userCreated = (userId: string, displayName: string, email: string): Event => ({
  type: 'UserCreated',
  data: { userId, email, displayName, createdAt: now },
});
const joined = (userId: string, role: Role | null = 'read', organizationId = 'o1', sso?: boolean): Event => ({
  type: 'MemberJoined',
  data: { organizationId, userId, role, via: 'invite', joinedAt: now, ...(sso === undefined ? {} : { sso }) },
});
const roleChanged = (userId: string, role: Role | null, previousRole: Role | null): Event => ({
  type: 'MemberRoleChanged',
  data: { organizationId: 'o1', userId, role, previousRole, changedAt: later },
});
const ssoChanged = (userId: string, sso: boolean): Event => ({
  type: 'MemberSSOChanged',
  data: { organizationId: 'o1', userId, sso, previousSso: !sso, changedAt: later },
});
const removed = (userId: string, organizationId = 'o1'): Event => ({
  type: 'MemberRemoved',
  data: { organizationId, userId, previousRole: 'read', removedAt: later },
});
const seen = (userId: string, seenAt: string): Event => ({ type: 'MemberSeen', data: { organizationId: 'o1', userId, seenAt } });

const ada = userCreated('u1', 'Ada Lovelace', 'Ada@Example.TEST');
const bob = userCreated('u2', 'bob', 'bob@example.test');

const member = (fields: Partial<MemberDoc> = {}): MemberDoc => ({
  id: 'o1:u1',
  organizationId: 'o1',
  userId: 'u1',
  role: 'read',
  roleKey: 'read',
  joinedAt: now,
  sso: false,
  displayName: 'Ada Lovelace',
  email: 'Ada@Example.TEST',
  nameFolded: 'ada lovelace',
  searchFolded: 'ada lovelace ada@example.test',
  ...fields,
});

describe('member projection', () => {
  it('keeps its own copy of a new user\u2019s name and email', () =>
    spec.given([ada]).then(MEMBER_PROFILES, [{ id: 'u1', displayName: 'Ada Lovelace', email: 'Ada@Example.TEST' }]));

  it('lists a joining member with the user\u2019s name and email, folded for sorting and search', () =>
    spec.given([ada, joined('u1')]).then(MEMBERS, [member()]));

  it('takes the SSO flag from the event', () => spec.given([ada, joined('u1', 'read', 'o1', true)]).thenDocument(MEMBERS, 'o1:u1', member({ sso: true })));

  it('lists a member whose user it never saw with an empty name, not a failure', () =>
    spec
      .given([joined('u1')])
      .thenDocument(MEMBERS, 'o1:u1', member({ displayName: '', email: '', nameFolded: '', searchFolded: ' ' })));

  it('files a guest (null role) under the guest role key', () =>
    spec.given([ada, joined('u1', null)]).thenDocument(MEMBERS, 'o1:u1', member({ role: null, roleKey: 'guest' })));

  it.each<[Role | null, Role | 'guest']>([
    ['admin', 'admin'],
    [null, 'guest'],
  ])('changes a member\u2019s role to %s, with its role key', (role, roleKey) =>
    spec.given([ada, joined('u1'), roleChanged('u1', role, 'read')]).thenDocument(MEMBERS, 'o1:u1', member({ role, roleKey })));

  it('changes a member\u2019s SSO flag', () => spec.given([ada, joined('u1'), ssoChanged('u1', true)]).thenDocument(MEMBERS, 'o1:u1', member({ sso: true })));

  it('records when a member was last seen', () =>
    spec.given([ada, joined('u1'), seen('u1', later)]).thenDocument(MEMBERS, 'o1:u1', member({ lastSeenAt: later })));

  it('removes a membership, leaving the user\u2019s other organizations', () =>
    spec
      .given([ada, joined('u1'), joined('u1', 'read', 'o2'), removed('u1')])
      .then(MEMBERS, [member({ id: 'o2:u1', organizationId: 'o2' })]));

  it('ignores activity of someone no longer a member', () => spec.given([ada, joined('u1'), removed('u1'), seen('u1', later)]).thenNone(MEMBERS));

  it('finds members by a case-insensitive fragment of name or email', () =>
    spec
      .given([ada, bob, joined('u1'), joined('u2')])
      .thenFinds(MEMBERS, { filter: { organizationId: 'o1', searchFolded: { $contains: 'example.test' } } }, ['o1:u1', 'o1:u2']));

  it('sorts members by folded name, whatever their case (code-unit order would put Z before a)', () =>
    spec
      .given([userCreated('u3', 'Zoë', 'zoe@example.test'), userCreated('u4', 'adam', 'adam@example.test'), joined('u3'), joined('u4')])
      .thenFinds(MEMBERS, { filter: { organizationId: 'o1' }, sort: { field: 'nameFolded', direction: 'asc' } }, ['o1:u4', 'o1:u3']));

  const history = [ada, bob, joined('u1'), joined('u2'), joined('u1', 'read', 'o2'), roleChanged('u1', 'admin', 'read'), ssoChanged('u2', true), seen('u1', later), removed('u1', 'o2')];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
