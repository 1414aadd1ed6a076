import { Role } from '@folio/platform/domain/roles';
import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { OrganizationEvent, organizationStream } from './organization.events';
import { OrganizationDoc, organizationProjection, ORGANIZATIONS } from './organization.projection';
import { defaultSettings } from './organization.settings';

const spec = projectionSpec<OrganizationEvent>(organizationProjection, { stream: (e) => organizationStream(e.data.organizationId) });
const now = '2026-01-01T00:00:00.000Z';

const created = (organizationId: string, title = 'Acme'): OrganizationEvent => ({
  type: 'OrganizationCreated',
  data: { organizationId, title, emailDomains: ['acme.test'], createdBy: 'u1', createdAt: now },
});
const settingsChanged: OrganizationEvent = {
  type: 'OrganizationSettingsChanged',
  data: {
    organizationId: 'o1',
    changes: { title: 'Acme Inc', defaultRole: null, hostname: 'docs.acme.test' },
    before: { title: 'Acme', defaultRole: 'read', hostname: null },
    changedAt: now,
  },
};
const joined = (userId: string, role: Role | null = 'read'): OrganizationEvent => ({
  type: 'MemberJoined',
  data: { organizationId: 'o1', userId, role, via: 'invite', joinedAt: now },
});
const roleChanged: OrganizationEvent = {
  type: 'MemberRoleChanged',
  data: { organizationId: 'o1', userId: 'u2', role: 'admin', previousRole: 'read', changedAt: now },
};
const ssoChanged: OrganizationEvent = {
  type: 'MemberSSOChanged',
  data: { organizationId: 'o1', userId: 'u2', sso: true, previousSso: false, changedAt: now },
};
const removed: OrganizationEvent = { type: 'MemberRemoved', data: { organizationId: 'o1', userId: 'u2', previousRole: 'admin', removedAt: now } };

const organization = (fields: Partial<OrganizationDoc> = {}): OrganizationDoc => ({
  id: 'o1',
  ...defaultSettings('Acme', ['acme.test']),
  createdAt: now,
  createdBy: 'u1',
  streamRevision: '0',
  ...fields,
});

describe('organization projection', () => {
  it('creates an organization with the default settings', () => spec.given([created('o1')]).then(ORGANIZATIONS, [organization()]));

  it('applies changed settings, keeping the others, and moves the ETag', () =>
    spec
      .given([created('o1'), settingsChanged])
      .thenDocument(ORGANIZATIONS, 'o1', organization({ title: 'Acme Inc', defaultRole: null, hostname: 'docs.acme.test', streamRevision: '1' })));

  it.each<[string, OrganizationEvent[], string]>([
    ['a member joins', [joined('u2')], '1'],
    ['a member\u2019s role changes', [joined('u2'), roleChanged], '2'],
    ['a member\u2019s SSO flag changes', [joined('u2'), ssoChanged], '2'],
    ['a member is removed', [joined('u2'), removed], '2'],
  ])('moves the ETag, and nothing else, when %s', (_case, events, streamRevision) =>
    spec.given([created('o1'), ...events]).then(ORGANIZATIONS, [organization({ streamRevision })]));

  const history = [created('o1'), created('o2', 'Other'), joined('u2'), settingsChanged, roleChanged, ssoChanged, removed];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
