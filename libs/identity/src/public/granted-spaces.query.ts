import { Query } from '@nestjs/cqrs';

/**
 * How many live spaces a user or team of the organization was given access to (on the space, or on
 * a collection above it): the `spaces` count of Member and Team resources. Identity asks; the content
 * context, which knows spaces and grants, answers (its handler is registered with ContentModule).
 */
export class CountGrantedSpaces extends Query<number> {
  constructor(
    readonly organizationId: string,
    readonly principal: { type: 'user' | 'team'; id: string },
  ) {
    super();
  }
}
