import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { NotFound } from '@folio/platform/domain/errors';
import { ROLES, Role } from '@folio/platform/domain/roles';
import { findEvery } from '@folio/platform/read-store/find-every';
import { KeptWhileUnchanged } from '@folio/platform/read-store/kept-while-unchanged';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GetMembership, Membership } from '@folio/identity/public/membership.query';
import { OrganizationPermissions, organizationPermissions } from '@folio/identity/public/organization-permissions';
import { ReaderSpaces } from '@folio/publishing/public/reader-spaces.query';
import { CONTENT_GRANTS, ContentGrantDoc } from './content-grant.projection';

/** What a caller may do with one of an organization's resources (the `permissions` of its answers). */
export interface ResourcePermissions {
  view: boolean;
  edit: boolean;
}

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

/** Grant lists kept (one per chain of content asked about): more than this at once only cost their query again. */
const KEPT_GRANTS = 10_000;
/** A chain longer than this (a list's many spaces) has its grants read each time: its key would be long and rarely asked again. */
const KEPT_CHAIN_MAX = 16;

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
 * Computed on every request from the read models, so a grant or role change applies at once; the grants
 * on a chain of content (a query of the read store per read) are kept while the read models are unchanged.
 * A site token's bearer (a reader) has no membership: it reads, and only reads, the spaces its site
 * shows it now (publishing's ReaderSpaces); every other space or collection is a 404 to it.
 */
@Injectable()
export class ContentAccess {
  private readonly grants: KeptWhileUnchanged<readonly ContentGrantDoc[]>;

  constructor(
    private readonly queries: QueryBus,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    clock: Clock,
  ) {
    this.grants = new KeptWhileUnchanged(reads, clock, KEPT_GRANTS);
  }

  /** NotFound for non-members; the organization role (null: guest) otherwise. */
  async organizationRole(caller: Caller, organizationId: string): Promise<Role | null> {
    return (await this.membership(caller.userId, organizationId)).role;
  }

  /**
   * The caller's `permissions` on an organization's own resources (its OpenAPI specs, its translations):
   * every member views them, `permission` edits them; NotFound for a stranger.
   */
  async organizationResource(caller: Caller, organizationId: string, permission: keyof OrganizationPermissions): Promise<ResourcePermissions> {
    const role = await this.organizationRole(caller, organizationId);
    return { view: true, edit: organizationPermissions(role)[permission] };
  }

  async forSpace(caller: Caller, space: ContentNode): Promise<Role | null> {
    if (isOperator(caller)) return 'admin';
    const published = await this.publishedReads(caller);
    if (!published) return this.single(caller.userId, space, 'space');
    if (!published(space)) throw new NotFound('space');
    return 'read';
  }

  async forCollection(caller: Caller, collection: ContentNode): Promise<Role | null> {
    // A reader reads spaces, never a collection.
    if (isPublishedReader(caller)) throw new NotFound('collection');
    return this.single(caller.userId, collection, 'collection');
  }

  /**
   * The caller's role on each of `nodes` (one organization), null where the caller may not see it.
   * For lists: one membership read, one grants read and shared collection lookups for the whole page.
   */
  async forMany(caller: Caller, nodes: ContentNode[]): Promise<Map<string, Role | null>> {
    if (isOperator(caller)) return new Map(nodes.map((node) => [node.id, 'admin']));
    const published = await this.publishedReads(caller);
    if (published) return new Map(nodes.map((node) => [node.id, published(node) ? 'read' : null]));
    return this.effective(caller.userId, nodes);
  }

  /**
   * For a reader, which nodes it reads; undefined for any other caller. A reader's spaces are asked of publishing on each call (kept there while nothing
   * changed), so an unpublished site or a revoked share link closes them at once.
   */
  private async publishedReads(caller: Caller): Promise<((node: ContentNode) => boolean) | undefined> {
    if (!caller.reader) return undefined;
    const { organizationId } = caller.reader;
    const spaces = await this.queries.execute(new ReaderSpaces(caller.reader));
    return (node) => spaces !== null && node.organizationId === organizationId && spaces.has(node.id);
  }

  /** The nodes the caller may see, in order, each with the caller's role; nothing for a non-member. */
  async visibleAmong<T extends ContentNode>(caller: Caller, nodes: T[]): Promise<{ node: T; role: Role }[]> {
    let roles: Map<string, Role | null>;
    try {
      roles = await this.forMany(caller, nodes);
    } catch (error) {
      if (error instanceof NotFound) return [];
      throw error;
    }
    return nodes.flatMap((node) => {
      const role = roles.get(node.id);
      return role ? [{ node, role }] : [];
    });
  }

  private async single(userId: string, node: ContentNode, kind: 'space' | 'collection'): Promise<Role> {
    const role = (await this.effective(userId, [node], kind)).get(node.id);
    // A guest with nothing granted must not learn the content exists.
    if (!role) throw new NotFound(kind);
    return role;
  }

  private async effective(userId: string, nodes: ContentNode[], kind = 'space'): Promise<Map<string, Role | null>> {
    const roles = new Map<string, Role | null>();
    if (nodes.length === 0) return roles;
    const organizationId = nodes[0].organizationId;
    const membership = await this.membership(userId, organizationId, kind);
    const parents = new Map<string, ContentNode | null>();
    const chains = await Promise.all(nodes.map((node) => this.ancestry(node, parents)));
    const ids = [...new Set(chains.flat().map((n) => n.id))];
    const principals = new Set([`user:${userId}`, ...membership.teamIds.map((t) => `team:${t}`)]);
    const grants = await this.grantsOn(ids);
    const granted = new Map<string, Role[]>();
    for (const g of grants) {
      if (!principals.has(`${g.principalType}:${g.principalId}`)) continue;
      granted.set(g.targetId, [...(granted.get(g.targetId) ?? []), g.role]);
    }
    nodes.forEach((node, i) => {
      const chain = chains[i];
      roles.set(node.id, strongest([membership.role, defaultLevel(chain), ...chain.flatMap((n) => granted.get(n.id) ?? [])]));
    });
    return roles;
  }

  /** The grants on these content ids, to anyone. */
  private grantsOn(ids: string[]): Promise<readonly ContentGrantDoc[]> {
    const read = async () => Object.freeze(await findEvery<ContentGrantDoc>(this.reads, CONTENT_GRANTS, { targetId: { $in: ids } }));
    return ids.length > KEPT_CHAIN_MAX ? read() : this.grants.get([...ids].sort().join('\u0000'), read);
  }

  private async membership(userId: string, organizationId: string, kind = 'organization'): Promise<Membership> {
    const membership = await this.queries.execute(new GetMembership(organizationId, userId));
    if (!membership) throw new NotFound(kind);
    return membership;
  }

  /**
   * The node and its collections up to the root, looking each collection up once per call (`cache`).
   * A bounded walk: a cycle cannot be, but stopping costs nothing.
   */
  private async ancestry(node: ContentNode, cache: Map<string, ContentNode | null>): Promise<ContentNode[]> {
    const chain = [node];
    let parent = node.parent;
    while (parent && chain.length < 100) {
      if (!cache.has(parent)) cache.set(parent, await this.reads.get<ContentNode>(COLLECTIONS, parent));
      const collection = cache.get(parent);
      if (!collection) break;
      chain.push(collection);
      parent = collection.parent;
    }
    return chain;
  }
}

/**
 * The CLI (Folio itself, run from a script by whoever holds its data directory or store credentials, who can
 * read and write everything anyway) administers all content: `import space` and `export space` act as it.
 * No request can be this caller: API callers are users, whose ids are never `system`.
 */
function isOperator(caller: Caller): boolean {
  return caller.userId === 'system' && caller.source === 'script';
}

function isPublishedReader(caller: Caller): boolean {
  return caller.reader !== undefined;
}

/** The first defaultLevel up the chain that does not inherit; none at the root. */
function defaultLevel(chain: ContentNode[]): Role | null {
  for (const node of chain) if (node.defaultLevel !== 'inherit') return node.defaultLevel;
  return null;
}
