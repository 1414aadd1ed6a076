import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { ROLES, Role } from '@folio/platform/domain/roles';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GetMembership, Membership } from '@folio/identity/members/membership.query';
import { CONTENT_GRANTS, ContentGrantDoc } from './content-grant.projection';

/** What access needs of a space or collection read model document. */
export interface ContentNode {
  id: string;
  organizationId: string;
  parent: string | null;
  defaultLevel: Role | null | 'inherit';
  [key: string]: unknown;
}

/** Read model collection of the collections projection (its documents are ContentNodes). */
const COLLECTIONS = 'collections';

/** The strongest of several roles; null when there is none. */
function strongest(roles: (Role | null)[]): Role | null {
  const present = roles.filter((r): r is Role => r !== null);
  if (present.length === 0) return null;
  return present.reduce((a, b) => (ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b));
}

/**
 * A caller's effective role on content: the strongest of the organization role, the grants to the
 * caller and the caller's teams on the item and every collection above it, and the item's
 * `defaultLevel` (`inherit` takes the parent collection's, up to the root, where it means none).
 * Computed on every request from the read models, so a grant or role change applies at once.
 */
@Injectable()
export class ContentAccess {
  constructor(
    private readonly queries: QueryBus,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  /** NotFound for non-members; the organization role (null: guest) otherwise. */
  async organizationRole(caller: Caller, organizationId: string): Promise<Role | null> {
    return (await this.membership(caller.userId, organizationId)).role;
  }

  forSpace(caller: Caller, space: ContentNode): Promise<Role | null> {
    return this.effective(caller.userId, space, 'space');
  }

  forCollection(caller: Caller, collection: ContentNode): Promise<Role | null> {
    return this.effective(caller.userId, collection, 'collection');
  }

  /** The role `userId` has on the space, or null when the user may not see it (no caller needed). */
  async roleOf(userId: string, space: ContentNode): Promise<Role | null> {
    try {
      return await this.effective(userId, space, 'space');
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  }

  private async effective(userId: string, node: ContentNode, kind: 'space' | 'collection'): Promise<Role | null> {
    const membership = await this.membership(userId, node.organizationId, kind);
    const chain = await this.ancestry(node);
    const principals = new Set([`user:${userId}`, ...membership.teamIds.map((t) => `team:${t}`)]);
    const grants = await Promise.all(chain.map((n) => this.reads.find<ContentGrantDoc>(CONTENT_GRANTS, { filter: { targetId: n.id }, limit: 1000 })));
    const granted = grants.flatMap((page) => page.items).filter((g) => principals.has(`${g.principalType}:${g.principalId}`));
    const role = strongest([membership.role, defaultLevel(chain), ...granted.map((g) => g.role)]);
    // A guest with nothing granted must not learn the content exists.
    if (role === null) throw new NotFound(kind);
    return role;
  }

  private async membership(userId: string, organizationId: string, kind = 'organization'): Promise<Membership> {
    const membership = await this.queries.execute(new GetMembership(organizationId, userId));
    if (!membership) throw new NotFound(kind);
    return membership;
  }

  /** The node and its collections up to the root (a bounded walk: a cycle cannot be, but costs nothing to stop). */
  private async ancestry(node: ContentNode): Promise<ContentNode[]> {
    const chain = [node];
    let parent = node.parent;
    while (parent && chain.length < 100) {
      const collection = await this.reads.get<ContentNode>(COLLECTIONS, parent);
      if (!collection) break;
      chain.push(collection);
      parent = collection.parent;
    }
    return chain;
  }
}

/** The first defaultLevel up the chain that does not inherit; none at the root. */
function defaultLevel(chain: ContentNode[]): Role | null {
  for (const node of chain) if (node.defaultLevel !== 'inherit') return node.defaultLevel;
  return null;
}
