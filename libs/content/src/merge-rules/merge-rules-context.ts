import { Role } from '@folio/platform/domain/roles';
import { ReviewStatus } from '../change-requests/change-request.events';

/** A user as the rules need one: the API's User resource has this and more. */
export interface UserInput {
  id: string;
}

/** The fields of the ChangeRequest resource the rules read. */
export interface ChangeRequestInput {
  id: string;
  createdBy: UserInput;
  subject?: string;
  /** A document (the API's JSONDocument) or absent. */
  description?: unknown;
  /** True when main moved past the request's base. */
  outdated: boolean;
}

/** The fields of a ChangeRequestReview resource the rules read. */
export interface ReviewInput {
  reviewer: UserInput;
  status: ReviewStatus;
  /** True once the request's content changed after the review (or a newer one superseded it). */
  outdated: boolean;
  createdAt: string;
}

/**
 * What the merge handler knows when someone asks to merge, from the read models. `space`,
 * `changeRequest`, `reviews` and `actor` are the resources the API answers (Space, ChangeRequest,
 * ChangeRequestReview, User): custom expressions see them whole.
 */
export interface MergeRulesInput {
  space: object;
  changeRequest: ChangeRequestInput;
  reviews: readonly ReviewInput[];
  actor: UserInput;
  /** The merger's effective role on the space. */
  actorRole: Role | null;
  /** The members (user ids) of each team the rules name; ids missing here are user ids. */
  teams: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The spec's MergeRulesEvaluationContext. */
export interface MergeRulesEvaluationContext {
  space: unknown;
  changeRequest: ChangeRequestInput;
  reviews: ReviewInput[];
  actor: UserInput;
}

export interface MergeRulesContext {
  /** Plain JSON copies of the resources: no class instances, getters or functions reach an expression. */
  readonly evaluation: MergeRulesEvaluationContext;
  readonly actorIsAdmin: boolean;
  /**
   * Each reviewer's verdict on the current content: their latest review that is not outdated. The
   * author's own reviews never count: nobody approves their own change request.
   */
  readonly verdicts: ReadonlyMap<string, ReviewStatus>;
  readonly teams: ReadonlyMap<string, ReadonlySet<string>>;
}

export function buildMergeRulesContext(input: MergeRulesInput): MergeRulesContext {
  const evaluation: MergeRulesEvaluationContext = JSON.parse(
    JSON.stringify({ space: input.space, changeRequest: input.changeRequest, reviews: input.reviews, actor: input.actor }),
  );
  const author = evaluation.changeRequest.createdBy.id;
  const latest = new Map<string, ReviewInput>();
  for (const review of evaluation.reviews) {
    const reviewer = review.reviewer.id;
    if (review.outdated || reviewer === author) continue;
    const previous = latest.get(reviewer);
    if (!previous || previous.createdAt <= review.createdAt) latest.set(reviewer, review);
  }
  return {
    evaluation,
    actorIsAdmin: input.actorRole === 'admin',
    verdicts: new Map([...latest].map(([reviewer, review]) => [reviewer, review.status])),
    teams: input.teams,
  };
}
