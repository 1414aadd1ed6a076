import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { ChangeRequestDoc } from '../change-requests/change-request.projection';
import { GetCommentScope } from '../public/comment-scope.query';
import { GetCommentScopeHandler } from './comment-scope.handler';
import { SpaceDoc } from './space.projection';
import { SpaceReads } from './space.reads';

const caller: Caller = { userId: 'u1', source: 'api', correlationId: 'request1' };
const space = { id: 's1', organizationId: 'o1', revision: 'r-main' } as SpaceDoc;
const request = { id: 'cr1', spaceId: 's1', number: 3, status: 'open', revision: 'r-cr' } as ChangeRequestDoc;

/** The handler over a space (or none) and the space's one request, as the reads would answer them. */
function scope(found: SpaceDoc | null, changeRequest?: string) {
  const spaces = {
    visible: async () => {
      if (!found) throw new NotFound('space');
      return { space: found, role: 'comment' as const };
    },
  } as unknown as SpaceReads;
  const changeRequests = {
    find: async (_spaceId: string, idOrNumber: string) => (idOrNumber === 'cr1' || idOrNumber === '3' ? request : null),
  } as unknown as ChangeRequestReads;
  return new GetCommentScopeHandler(spaces, changeRequests).execute(new GetCommentScope(caller, 's1', changeRequest));
}

describe('GetCommentScope', () => {
  it('answers a space comment’s scope at the space’s revision', async () =>
    expect(await scope(space)).toEqual({ organizationId: 'o1', spaceId: 's1', role: 'comment', revision: 'r-main', changeRequest: null }));

  it.each(['cr1', '3'])('answers a request’s scope, by id or number (%s), at its head', async (idOrNumber) =>
    expect(await scope(space, idOrNumber)).toEqual({
      organizationId: 'o1',
      spaceId: 's1',
      role: 'comment',
      revision: 'r-cr',
      changeRequest: { id: 'cr1', number: 3, status: 'open' },
    }));

  it('hides a space the caller may not see', () => expect(scope(null)).rejects.toThrow('space not found'));

  it('hides a deleted space, before looking for the request', () =>
    expect(scope({ ...space, deletedAt: '2026-01-01T00:00:00.000Z' }, 'nope')).rejects.toThrow('space not found'));

  it('refuses a request the space does not have', () => expect(scope(space, 'nope')).rejects.toThrow('change request not found'));
});
