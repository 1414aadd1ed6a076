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
});
