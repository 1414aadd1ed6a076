import { QueryBus } from '@nestjs/cqrs';
import { GitPerson } from '@folio/platform/git/git-remote';
import { GetUserProfiles } from '@folio/identity/public/user-profiles.query';

/** A user as a commit's author (identity's profile; an address of no one when it has none). */
export async function commitAuthor(queries: QueryBus, userId: string): Promise<GitPerson> {
  const [profile] = await queries.execute(new GetUserProfiles([userId]));
  return { name: profile?.displayName || userId, email: profile?.email || `${userId}@users.noreply.folio.invalid` };
}
