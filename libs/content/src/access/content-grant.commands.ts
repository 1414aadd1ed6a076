import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { GetMembership } from '@folio/identity/public/membership.query';
import { FindOrganizationTeams } from '@folio/identity/public/organization-teams.query';
import { COLLECTIONS } from '../collections/collection.projection';
import { SPACES } from '../spaces/space.projection';
import { ContentAccess, ContentNode } from './content-access';
import { contentGrantDecider } from './content-grant.decider';
import { contentGrantsStream, GrantTarget, Principal } from './content-grant.events';
import { collectionPermissions, spacePermissions } from '@folio/identity/public/content-permissions';

/** Read model collections of the spaces and collections projections, by target type. */
const TARGETS: Record<GrantTarget['type'], string> = { space: SPACES, collection: COLLECTIONS };

export class GrantContentAccess extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly target: GrantTarget,
    readonly role: Role | null,
    readonly users: string[],
    readonly teams: string[],
  ) {
    super();
  }
}

/** Admins of a space or collection give users and teams of its organization a role on it. */
@CommandHandler(GrantContentAccess)
export class GrantContentAccessHandler implements ICommandHandler<GrantContentAccess> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: ContentAccess,
    private readonly queries: QueryBus,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  async execute({ caller, target, role, users, teams }: GrantContentAccess) {
    const node = await this.reads.get<ContentNode & { deletedAt?: string }>(TARGETS[target.type], target.id);
    if (!node || node.deletedAt) throw new NotFound(target.type);
    const callerRole = target.type === 'space' ? await this.access.forSpace(caller, node) : await this.access.forCollection(caller, node);
    const admin = target.type === 'space' ? spacePermissions(callerRole).admin : collectionPermissions(callerRole).admin;
    assertAllowed(admin, `manage who can access this ${target.type}`);
    const principals = [...(await this.users(node.organizationId, users)), ...(await this.teams(node.organizationId, teams))];
    await this.aggregates.handle(
      contentGrantsStream(target),
      contentGrantDecider,
      { type: 'GrantAccess', organizationId: node.organizationId, target, principals, role },
      caller,
    );
  }

  /** The client's spec answers 404 for "no team or user with the provided id". */
  private async users(organizationId: string, ids: string[]): Promise<Principal[]> {
    for (const id of ids) {
      if (!(await this.queries.execute(new GetMembership(organizationId, id)))) throw new NotFound(`user ${id}`);
    }
    return ids.map((id) => ({ type: 'user', id }));
  }

  private async teams(organizationId: string, ids: string[]): Promise<Principal[]> {
    const found = new Set(await this.queries.execute(new FindOrganizationTeams(organizationId, ids)));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new NotFound(`team ${missing}`);
    return ids.map((id) => ({ type: 'team', id }));
  }
}
