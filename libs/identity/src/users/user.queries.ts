import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { ReaderSpaces } from '@folio/publishing/public/reader-spaces.query';
import { GetMembership } from '../public/membership.query';
import { SharesOrganization } from './shares-organization.query';
import { UserReads } from './user.reads';
import { PublicUserResource, publicUserResource, userResource, UserResource } from './user.resource';

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

/**
 * `GET /users/{userId}`: the user themself, or someone sharing an organization with them; 404 for anyone
 * else. A reader (a site token, resolving a mention) sees a member of its site's organization, while the
 * site is open to it, by public fields only (no email).
 */
export class GetUser extends Query<UserResource | PublicUserResource> {
  constructor(
    readonly caller: Caller,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(
    private readonly users: UserReads,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, userId }: GetUser) {
    if (caller.reader) {
      const { reader } = caller;
      const member = (await this.queries.execute(new ReaderSpaces(reader))) !== null && (await this.queries.execute(new GetMembership(reader.organizationId, userId))) !== null;
      const user = member ? await this.users.user(userId) : null;
      if (!user) throw new NotFound('user');
      return publicUserResource(user, this.config);
    }
    // Not 403: a stranger must not learn that the id belongs to someone.
    const visible = caller.userId === userId || (await this.queries.execute(new SharesOrganization(caller.userId, userId)));
    const user = visible ? await this.users.user(userId) : null;
    if (!user) throw new NotFound('user');
    return userResource(user, this.config);
  }
}
