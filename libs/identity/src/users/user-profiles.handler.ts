import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { GetUserProfiles, UserProfile } from '../public/user-profiles.query';
import { UserReads } from './user.reads';
import { userResource } from './user.resource';

@QueryHandler(GetUserProfiles)
export class GetUserProfilesHandler implements IQueryHandler<GetUserProfiles> {
  constructor(
    private readonly users: UserReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ userIds }: GetUserProfiles): Promise<UserProfile[]> {
    const unique = [...new Set(userIds)];
    const docs = await Promise.all(unique.map((userId) => this.users.user(userId)));
    return docs.flatMap((doc) => (doc ? [userResource(doc, this.config)] : []));
  }
}
