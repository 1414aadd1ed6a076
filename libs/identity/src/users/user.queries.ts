import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { UserReads } from './user.reads';
import { userResource, UserResource } from './user.resource';

export class GetAuthenticatedUser extends Query<UserResource> {
  constructor(readonly caller: Caller) {
    super();
  }
}

@QueryHandler(GetAuthenticatedUser)
export class GetAuthenticatedUserHandler implements IQueryHandler<GetAuthenticatedUser> {
  constructor(
    private readonly users: UserReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller }: GetAuthenticatedUser) {
    const user = await this.users.user(caller.userId);
    if (!user) throw new NotFound('user');
    return userResource(user, this.config);
  }
}
