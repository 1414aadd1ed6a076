import { Caller } from '@folio/platform/auth/caller';
import { SystemClock } from '@folio/platform/clock';
import { NotFound } from '@folio/platform/domain/errors';
import { ContentAccess, ContentNode } from './content-access';

const space: ContentNode = { id: 's1', organizationId: 'o1', parent: null, defaultLevel: null };
/** No member anywhere: every membership lookup answers none. */
const noMembers = { execute: async () => null } as never;
const noGrants = { find: async () => ({ items: [] }), get: async () => null, changes: () => null } as never;

describe('ContentAccess', () => {
  const access = new ContentAccess(noMembers, noGrants, new SystemClock());

  it('gives the CLI (the system caller, from a script) admin on every space, without reading anything', async () => {
    const cli: Caller = { userId: 'system', source: 'script', correlationId: 'c' };
    await expect(access.forSpace(cli, space)).resolves.toBe('admin');
    await expect(access.forMany(cli, [space])).resolves.toEqual(new Map([['s1', 'admin']]));
  });

  it("gives Folio's own background work (the system caller, source system) and a stranger nothing", async () => {
    await expect(access.forSpace({ userId: 'system', source: 'system', correlationId: 'c' }, space)).rejects.toThrow(NotFound);
    await expect(access.forSpace({ userId: 'u1', source: 'api', correlationId: 'c' }, space)).rejects.toThrow(NotFound);
  });

  describe('a reader (a site token)', () => {
    const reader = { siteId: 'site1', organizationId: 'o1', claims: {}, visitorType: 'human' as const, siteSpaceId: 'ss1', spaceId: 's1' };
    const caller: Caller = { userId: 'site-reader:site1', source: 'api', correlationId: 'c', reader };
    /** Publishing answers ReaderSpaces with `spaces`; any other query (a membership) with none. */
    const readerAccess = (spaces: string[] | null) =>
      new ContentAccess({ execute: async (query: object) => (query.constructor.name === 'ReaderSpaces' ? (spaces && new Set(spaces)) : null) } as never, noGrants, new SystemClock());
    const other: ContentNode = { ...space, id: 's2' };
    const elsewhere: ContentNode = { ...space, id: 's3', organizationId: 'o2' };

    it('reads a space its site shows it, with the read role', async () => {
      await expect(readerAccess(['s1']).forSpace(caller, space)).resolves.toBe('read');
      await expect(readerAccess(['s1']).forMany(caller, [space, other])).resolves.toEqual(new Map([['s1', 'read'], ['s2', null]]));
    });

    it('finds no space its site does not show, none of another organization, and none when its site is closed to it', async () => {
      await expect(readerAccess(['s1']).forSpace(caller, other)).rejects.toThrow(NotFound);
      await expect(readerAccess(['s1']).forSpace(caller, elsewhere)).rejects.toThrow(NotFound);
      await expect(readerAccess(null).forSpace(caller, space)).rejects.toThrow(NotFound);
      await expect(readerAccess(null).forMany(caller, [space])).resolves.toEqual(new Map([['s1', null]]));
    });

    it('finds no collection', async () => {
      await expect(readerAccess(['s1']).forCollection(caller, { ...space, id: 'c1' })).rejects.toThrow(NotFound);
    });
  });

  describe('the grants on a space, kept while the read models are unchanged', () => {
    const member = { execute: async () => ({ role: null, teamIds: [] }) } as never;
    const ada: Caller = { userId: 'ada', source: 'api', correlationId: 'c' };
    /** A read store whose grants and change mark the test sets; it counts its queries. */
    const store = () => {
      const state = { mark: 1 as number | null, grants: [] as object[], queries: 0 };
      const reads = {
        get: async () => null,
        changes: () => state.mark,
        find: async () => {
          state.queries++;
          return { items: state.grants };
        },
      } as never;
      return { state, access: new ContentAccess(member, reads, new SystemClock()) };
    };
    const grant = (role: string) => ({ id: 'g', organizationId: 'o1', targetType: 'space', targetId: 's1', principalType: 'user', principalId: 'ada', role });

    it('reads them once while the mark stays, and anew once it moves: a new grant applies to the next read', async () => {
      const { state, access } = store();
      state.grants = [grant('read')];
      await expect(access.forSpace(ada, space)).resolves.toBe('read');
      await expect(access.forSpace(ada, space)).resolves.toBe('read');
      expect(state.queries).toBe(1);

      state.grants = [grant('write')];
      state.mark = 2;
      await expect(access.forSpace(ada, space)).resolves.toBe('write');
      expect(state.queries).toBe(2);

      state.grants = [];
      state.mark = 3;
      await expect(access.forSpace(ada, space)).rejects.toThrow(NotFound);
    });

    it('keeps nothing where the store cannot tell a change (no mark)', async () => {
      const { state, access } = store();
      state.mark = null;
      state.grants = [grant('read')];
      await access.forSpace(ada, space);
      state.grants = [];
      await expect(access.forSpace(ada, space)).rejects.toThrow(NotFound);
      expect(state.queries).toBe(2);
    });
  });
});
