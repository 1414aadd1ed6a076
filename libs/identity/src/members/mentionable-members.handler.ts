import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindMentionableMembers, MentionedMember } from '../public/mentionable-members.query';
import { UserReads } from '../users/user.reads';
import { MemberReads } from './member.reads';

/** User ids are base62, so a handle with an `@` can only be an email address. */
const isEmail = (handle: string) => handle.includes('@');

/** Two batched reads whatever the number of handles: the addresses' users, then the memberships. */
@QueryHandler(FindMentionableMembers)
export class FindMentionableMembersHandler implements IQueryHandler<FindMentionableMembers> {
  constructor(
    private readonly users: UserReads,
    private readonly members: MemberReads,
  ) {}

  async execute({ organizationId, handles }: FindMentionableMembers): Promise<Map<string, MentionedMember>> {
    const byEmail = await this.users.byEmails(handles.filter(isEmail));
    const userIdOf = (handle: string) => (isEmail(handle) ? byEmail.get(handle)?.id : handle);
    const members = await this.members.memberships(organizationId, handles.flatMap((h) => userIdOf(h) ?? []));
    const byUser = new Map(members.map((m) => [m.userId, m]));
    const mentioned = new Map<string, MentionedMember>();
    for (const handle of handles) {
      const userId = userIdOf(handle);
      const member = userId && byUser.get(userId);
      if (member) mentioned.set(handle, { userId: member.userId, displayName: member.displayName });
    }
    return mentioned;
  }
}
