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

/**
 * The User resource of `userId` among `users`; a user identity no longer knows (or never answered for)
 * still shows as one, by id, so a resource that names it stays valid.
 */
export function profileOf(users: ReadonlyMap<string, UserProfile>, userId: string, publicUrl: string): UserProfile {
  return users.get(userId) ?? { object: 'user', id: userId, displayName: userId, email: '', urls: { location: `${publicUrl}/v1/users/${userId}` } };
}
