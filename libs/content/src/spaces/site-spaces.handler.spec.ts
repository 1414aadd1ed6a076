import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { ManualClock } from '@folio/platform/clock';
import { loadConfig } from '@folio/platform/config/config';
import { useProjectedReadStore } from '@folio/platform/testing/projected-read-store';
import { GetMembership, Membership } from '@folio/identity/public/membership.query';
import { ContentAccess } from '../access/content-access';
import { ContentGrantEvent } from '../access/content-grant.events';
import { contentGrantProjection } from '../access/content-grant.projection';
import { GetSpacesForSite } from '../public/site-spaces.query';
import { GetSpacesForSiteHandler } from './site-spaces.handler';
import { SpaceEvent } from './space.events';
import { spaceProjection } from './space.projection';
import { GetSpace, GetSpaceHandler } from './space.queries';
import { SpaceReads } from './space.reads';

const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-10T00:00:00.000Z';
const config = loadConfig({});

const created = (spaceId: string, organizationId = 'o1'): SpaceEvent => ({
  type: 'SpaceCreated',
  data: {
    spaceId,
    organizationId,
    parent: null,
    position: 'a0',
    visibility: 'private',
    revision: `r-${spaceId}`,
    title: `Space ${spaceId}`,
    emoji: '',
    editMode: 'live',
    defaultLevel: 'inherit',
    language: null,
    mergeRules: { type: 'inherit' },
    createdAt: t0,
  },
});
const deleted = (spaceId: string, deletedAt: string): SpaceEvent => ({ type: 'SpaceDeleted', data: { spaceId, organizationId: 'o1', deletedAt } });
const purged = (spaceId: string): SpaceEvent => ({ type: 'SpacePurged', data: { spaceId, organizationId: 'o1', deletedAt: t0, purgedAt: t1 } });
const granted = (spaceId: string, userId: string): ContentGrantEvent => ({
  type: 'ContentAccessGranted',
  data: { organizationId: 'o1', target: { type: 'space', id: spaceId }, principal: { type: 'user', id: userId }, role: 'edit', previousRole: null, grantedAt: t0 },
});

/** Identity's answers: a reader, a guest (no organization role) and, absent, a stranger. */
const memberships: Record<string, Membership> = {
  reader: { role: 'read', teamIds: [] },
  guest: { role: null, teamIds: [] },
};
const as = (userId: string): Caller => ({ userId, source: 'api', correlationId: 'request1' });

describe('GetSpacesForSite', () => {
  const store = useProjectedReadStore('folio-site-spaces-', [spaceProjection, contentGrantProjection]);
  const reads = () => {
    const queries = { execute: async ({ userId }: GetMembership) => memberships[userId] ?? null } as unknown as QueryBus;
    // At t1, nine days after t0: a space deleted at t0 is past its 7-day retention, one deleted at t1 is not.
    return new SpaceReads(store.reads, new ContentAccess(queries, store.reads, new ManualClock(new Date(t1))), new ManualClock(new Date(t1)));
  };
  const spacesFor = (caller: Caller | null, organizationId: string, spaceIds: string[]) =>
    new GetSpacesForSiteHandler(reads(), config).execute(new GetSpacesForSite(caller, organizationId, spaceIds));

  beforeEach(() =>
    store.given<SpaceEvent | ContentGrantEvent>([
      created('live'),
      created('binned'),
      deleted('binned', t1),
      created('expired'),
      deleted('expired', t0),
      created('purged'),
      deleted('purged', t0),
      purged('purged'),
      created('elsewhere', 'o2'),
      granted('binned', 'guest'),
    ]),
  );

  it('answers each space as GET /v1/spaces/{id} does for the caller, with its title', async () => {
    const found = await spacesFor(as('reader'), 'o1', ['live']);
    const resource = await new GetSpaceHandler(reads(), config).execute(new GetSpace(as('reader'), 'live'));
    expect([...found]).toEqual([['live', { resource, title: 'Space live', deleted: false }]]);
    expect(resource.permissions.view).toBe(true);
  });

  it('answers a space in the bin as deleted, and leaves out unknown, purged, expired and other organizations’ ones', async () => {
    const found = await spacesFor(as('reader'), 'o1', ['nope', 'live', 'binned', 'expired', 'purged', 'elsewhere', 'live']);
    expect([...found.keys()].sort()).toEqual(['binned', 'live']);
    expect(found.get('binned')).toMatchObject({ deleted: true, resource: { id: 'binned', deletedAt: t1 } });
  });

  it('leaves out what the caller may not see: a guest sees only what it was granted, a stranger nothing', async () => {
    expect([...(await spacesFor(as('guest'), 'o1', ['live', 'binned'])).keys()]).toEqual(['binned']);
    expect((await spacesFor(as('guest'), 'o1', ['binned'])).get('binned')?.resource.permissions.edit).toBe(true);
    expect((await spacesFor(as('stranger'), 'o1', ['live', 'binned'])).size).toBe(0);
  });

  it('answers a published site’s visitor (no caller) every space of the organization, read-only, whatever its permissions', async () => {
    const found = await spacesFor(null, 'o1', ['nope', 'live', 'binned', 'expired', 'purged', 'elsewhere']);
    expect([...found.keys()].sort()).toEqual(['binned', 'live']);
    expect(found.get('live')?.resource.permissions).toMatchObject({ view: true, edit: false });
    expect(found.get('binned')).toMatchObject({ deleted: true });
  });

  it('reads many spaces in a few batched reads, not one per space', async () => {
    const finds = jest.spyOn(store.reads, 'find');
    const gets = jest.spyOn(store.reads, 'get');
    const ids = Array.from({ length: 300 }, (_, i) => `missing${i}`);
    expect([...(await spacesFor(as('reader'), 'o1', [...ids, 'live', 'binned'])).keys()].sort()).toEqual(['binned', 'live']);
    expect(finds.mock.calls.length).toBeLessThanOrEqual(2);
    expect(gets).not.toHaveBeenCalled();
  });

  it('answers an empty map for no ids', async () => {
    expect((await spacesFor(as('reader'), 'o1', [])).size).toBe(0);
  });
});
