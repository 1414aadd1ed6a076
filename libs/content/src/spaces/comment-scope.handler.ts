import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFound } from '@folio/platform/domain/errors';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { CommentScope, GetCommentScope } from '../public/comment-scope.query';
import { SpaceReads } from './space.reads';

@QueryHandler(GetCommentScope)
export class GetCommentScopeHandler implements IQueryHandler<GetCommentScope> {
  constructor(
    private readonly spaces: SpaceReads,
    private readonly changeRequests: ChangeRequestReads,
  ) {}

  async execute({ caller, spaceId, changeRequest: idOrNumber }: GetCommentScope): Promise<CommentScope> {
    const { space, role } = await this.spaces.visible(caller, spaceId);
    // A deleted space is still visible to the routes that restore it; its comments are not.
    if (space.deletedAt) throw new NotFound('space');
    const scope = { organizationId: space.organizationId, spaceId: space.id, role };
    if (idOrNumber === undefined) return { ...scope, revision: space.revision, changeRequest: null };
    const changeRequest = await this.changeRequests.find(spaceId, idOrNumber);
    if (!changeRequest) throw new NotFound('change request');
    const { id, number, status } = changeRequest;
    return { ...scope, revision: changeRequest.revision, changeRequest: { id, number, status } };
  }
}
