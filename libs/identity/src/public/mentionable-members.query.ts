import { Query } from '@nestjs/cqrs';

/** The member a mention names. */
export interface MentionedMember {
  userId: string;
  displayName: string;
}

/**
 * Another context's question to identity: which members of the organization do these handles name? A
 * handle (a mention without its `@`) is a user id or an email address, the address compared regardless
 * of case. Keyed by each handle as given; a handle naming no user, or a user who is not a member, is absent.
 */
export class FindMentionableMembers extends Query<Map<string, MentionedMember>> {
  constructor(
    readonly organizationId: string,
    readonly handles: string[],
  ) {
    super();
  }
}
