import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetUserProfiles } from '@folio/identity/public/user-profiles.query';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { OpenAPISpecContents } from '../openapi/spec-contents';
import { SPACES, SpaceDoc } from '../spaces/space.projection';
import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { IndexedTreeDoc } from '../tree/main-page-index';
import { LINK_SPACES } from './link-docs';
import { LinkTarget } from './link-targets';

export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** The content a link is read in: its space, that space's organization, and the tree of the version read. */
export interface LinkContext {
  space: string;
  organization: string;
  snapshot: TreeSnapshot;
}

/** Page or file lookups, by id, in one tree. */
interface Lookups {
  pages: Set<string>;
  files: Set<string>;
}

/**
 * Link statuses, computed when read (a page inserted later mends the links to it): a URL is `ok` (nothing is
 * fetched); a page (an anchor's page) or file of this space is `ok` when the tree read has it; a user is `ok`
 * when Folio knows them; another space of the organization, or a page or file the tree of its main content
 * has, is `in-app`; anything else is `broken`, also a space of another organization, whose existence a
 * reader here may not learn. An OpenAPI spec (named by slug) is `ok` when the space's organization has a
 * processed spec of that slug, `broken` otherwise; every slug of a read is asked in one call. Lookups are by
 * id, O(depth) each through the shared object cache, never a scan.
 */
@Injectable()
export class LinkStatuses {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly trees: ContentTrees,
    private readonly queries: QueryBus,
    private readonly specs: OpenAPISpecContents,
  ) {}

  /** The status of each target, by its key (`targetKey`). */
  async resolve(context: LinkContext, targets: Map<string, LinkTarget>): Promise<Map<string, LinkStatus>> {
    const here = noLookups();
    const elsewhere = new Map<string, Lookups>();
    const lookupsIn = (space: string) => {
      if (space === context.space) return here;
      if (!elsewhere.has(space)) elsewhere.set(space, noLookups());
      return elsewhere.get(space)!;
    };
    const users = new Set<string>();
    const specs = new Set<string>();
    for (const target of targets.values()) {
      if (target.kind === 'user') users.add(target.user);
      else if (target.kind === 'openapi') specs.add(target.spec);
      else if (target.kind === 'space') lookupsIn(target.space);
      else if (target.kind === 'page') lookupsIn(target.space).pages.add(target.page);
      else if (target.kind === 'file') lookupsIn(target.space).files.add(target.file);
    }

    const [found, spaces, knownUsers, resolvableSpecs] = await Promise.all([
      existing(context.snapshot, here),
      Promise.all([...elsewhere].map(async ([space, lookups]) => [space, await this.inOrganization(context.organization, space, lookups)] as const)),
      users.size === 0 ? [] : this.queries.execute(new GetUserProfiles([...users])),
      specs.size === 0 ? new Set<string>() : this.specs.resolvable(context.organization, [...specs]),
    ]);
    const other = new Map(spaces);
    const userIds = new Set(knownUsers.map((user) => user.id));

    const statuses = new Map<string, LinkStatus>();
    for (const [key, target] of targets) statuses.set(key, statusOf(target));
    return statuses;

    function statusOf(target: LinkTarget): LinkStatus {
      switch (target.kind) {
        case 'url':
          return 'ok';
        case 'user':
          return userIds.has(target.user) ? 'ok' : 'broken';
        case 'space':
          return target.space === context.space ? 'ok' : other.get(target.space) ? 'in-app' : 'broken';
        case 'page':
        case 'file': {
          const id = target.kind === 'page' ? target.page : target.file;
          if (target.space === context.space) return (target.kind === 'page' ? found.pages : found.files).has(id) ? 'ok' : 'broken';
          const there = other.get(target.space);
          return there && (target.kind === 'page' ? there.pages : there.files).has(id) ? 'in-app' : 'broken';
        }
        case 'openapi':
          return resolvableSpecs.has(target.spec) ? 'ok' : 'broken';
      }
    }
  }

  /** For a live space of the organization: which of `lookups` its main content has; null for any other space. */
  private async inOrganization(organization: string, space: string, lookups: Lookups): Promise<Lookups | null> {
    const doc = await this.reads.get<SpaceDoc>(SPACES, space);
    if (!doc || doc.organizationId !== organization || doc.deletedAt) return null;
    if (lookups.pages.size === 0 && lookups.files.size === 0) return lookups;
    const indexed = await this.reads.get<IndexedTreeDoc>(LINK_SPACES, space);
    if (!indexed) return noLookups();
    return existing(await this.trees.open(indexed.tree), lookups);
  }
}

const noLookups = (): Lookups => ({ pages: new Set(), files: new Set() });

/** Which of the pages and files looked up the tree has: pages in one batch (thousands of ids share their trie reads). */
async function existing(tree: TreeSnapshot, lookups: Lookups): Promise<Lookups> {
  const [pages, files] = await Promise.all([
    tree.pagesById([...lookups.pages]),
    Promise.all([...lookups.files].map((id) => tree.file(id))),
  ]);
  const found = (entries: ({ id: string } | null)[]) => new Set(entries.flatMap((entry) => (entry ? [entry.id] : [])));
  return { pages: found(pages), files: found(files) };
}
