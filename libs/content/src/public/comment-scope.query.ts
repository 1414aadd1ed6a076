import { Query } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { Role } from '@folio/platform/domain/roles';
import { ChangeRequestStatus } from '../change-requests/change-request.events';

/** What a comment on a space, or on one of its change requests, is about. */
export interface CommentScope {
  organizationId: string;
  spaceId: string;
  /** The caller's effective role on the space. */
  role: Role | null;
  /** The content a new comment's target is checked against: the request's head, else the space's. */
  revision: string;
  changeRequest: { id: string; number: number; status: ChangeRequestStatus } | null;
}

/**
 * Collaboration's question to content: where does a comment on this space (and request: its id or
 * number) live, and what may the caller do there? NotFound('space') when the caller may not see the
 * space, it does not exist, or it is deleted (its comments answer 404 until it is restored);
 * NotFound('change request') for a request the space does not have.
 */
export class GetCommentScope extends Query<CommentScope> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequest?: string,
  ) {
    super();
  }
}
