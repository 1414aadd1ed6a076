import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { ContentAccess, ContentNode } from './content-access';

const space: ContentNode = { id: 's1', organizationId: 'o1', parent: null, defaultLevel: null };
/** No member anywhere: every membership lookup answers none. */
const noMembers = { execute: async () => null } as never;
const noGrants = { find: async () => ({ items: [] }), get: async () => null } as never;

describe('ContentAccess', () => {
  const access = new ContentAccess(noMembers, noGrants);

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
      new ContentAccess({ execute: async (query: object) => (query.constructor.name === 'ReaderSpaces' ? (spaces && new Set(spaces)) : null) } as never, noGrants);
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
});
