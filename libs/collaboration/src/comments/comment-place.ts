import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { atLeast } from '@folio/platform/domain/roles';
import { GetCommentScope } from '@folio/content/public/comment-scope.query';
import { Rights } from './comment.decider';
import { scopeOf } from './comment.projection';

/** The two bases of the comment routes: a space, or one of its change requests (by id or number). */
export interface Base {
  spaceId: string;
  changeRequest: string | null;
}

/** Where a comment route lands, for one caller: what content says of the space (or request), and what the caller may do. */
export interface Place {
  organizationId: string;
  spaceId: string;
  changeRequestId: string | null;
  /** Of the request, when the base is one. */
  changeRequestStatus: string | null;
  /** The content a new comment's target is checked against: the space's head, or the request's. */
  revision: string;
  /** The read models' key for the comments of this base. */
  scope: string;
  rights: Rights;
}

/**
 * The way in for every comment route: 404 when the caller may not see the space (or it is in the bin),
 * or for a request the space does not have; the caller's rights there otherwise (asked of content, which
 * knows the effective role on the space).
 */
@Injectable()
export class CommentPlaces {
  constructor(private readonly queries: QueryBus) {}

  async of(caller: Caller, base: Base): Promise<Place> {
    const found = await this.queries.execute(new GetCommentScope(caller, base.spaceId, base.changeRequest ?? undefined));
    const changeRequestId = found.changeRequest?.id ?? null;
    return {
      organizationId: found.organizationId,
      spaceId: found.spaceId,
      changeRequestId,
      changeRequestStatus: found.changeRequest?.status ?? null,
      revision: found.revision,
      scope: scopeOf(found.spaceId, changeRequestId),
      rights: { comment: atLeast(found.role, 'comment'), review: atLeast(found.role, 'review'), admin: atLeast(found.role, 'admin') },
    };
  }
}

/** Where a thread is, as the decider checks it. */
export const located = (place: Place) => ({ at: { spaceId: place.spaceId, changeRequestId: place.changeRequestId } });
