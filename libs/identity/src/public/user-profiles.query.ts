import { Query } from '@nestjs/cqrs';

/** What another context shows of a user: the client spec's User resource. */
export interface UserProfile {
  object: 'user';
  id: string;
  displayName: string;
  email: string;
  urls: { location: string };
}

/**
 * Another context's question to identity: the User resources of these user ids, for resources that name
 * users (a change request's author, its reviewers). Answers in the order given; an unknown id is absent.
 */
export class GetUserProfiles extends Query<UserProfile[]> {
  constructor(readonly userIds: string[]) {
    super();
  }
}
