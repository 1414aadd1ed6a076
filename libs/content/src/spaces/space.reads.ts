import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { Filter, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { findEvery } from '@folio/platform/read-store/find-every';
import { ContentAccess } from '../access/content-access';
import { RETENTION_MS, retentionExpired } from './space.decider';
import { SPACES, SpaceDoc } from './space.projection';

/** A 404 that tells a caller who could see the space why it is gone. */
export class RetentionRanOut extends NotFound {
  constructor() {
    super('space');
    this.message = 'This space was deleted more than 7 days ago: it can no longer be restored and is being removed for good';
  }
}

export interface SpaceView {
  space: SpaceDoc;
  /** The caller's effective role on it. */
  role: Role | null;
}

/** Reads of the spaces read model as a caller may see them. */
@Injectable()
export class SpaceReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly access: ContentAccess,
    private readonly clock: Clock,
  ) {}

  /**
   * The space and the caller's role on it; 404 when it does not exist, was purged, is past its
   * retention (even before the sweep purges it), or the caller may not know of it.
   */
  async visible(caller: Caller, spaceId: string): Promise<SpaceView> {
    const space = await this.reads.get<SpaceDoc>(SPACES, spaceId);
    if (!space) throw new NotFound('space');
    const role = await this.access.forSpace(caller, space);
    if (this.expired(space)) throw new RetentionRanOut();
    return { space, role };
  }

  /** The visible spaces among `docs`, with the caller's role on each; the others are left out. */
  async visibleAmong(caller: Caller, docs: SpaceDoc[]): Promise<SpaceView[]> {
    return (await this.access.visibleAmong(caller, docs)).map(({ node, role }) => ({ space: node, role }));
  }

  /**
   * The organization's spaces among `spaceIds` that the caller may see (deleted ones within their
   * retention included), read in batches rather than one by one; the others are left out.
   */
  async visibleIn(caller: Caller, organizationId: string, spaceIds: string[]): Promise<SpaceView[]> {
    return this.visibleAmong(caller, await this.existingIn(organizationId, spaceIds));
  }

  /**
   * The organization's spaces among `spaceIds` as a published site shows them to its visitors: every one
   * (deleted ones within their retention included), read-only, whatever its own permissions, for the
   * site has published them. Publishing decides which visitor sees which of them.
   */
  async publishedIn(organizationId: string, spaceIds: string[]): Promise<SpaceView[]> {
    return (await this.existingIn(organizationId, spaceIds)).map((space) => ({ space, role: 'read' }));
  }

  /** The organization's spaces among `spaceIds` that still exist (in the bin within their retention included), read by id in one snapshot. */
  async existingIn(organizationId: string, spaceIds: string[]): Promise<SpaceDoc[]> {
    if (spaceIds.length === 0) return [];
    // By id, in one snapshot: the document cache answers what it holds (a site shows the same spaces on every visit).
    const docs = await this.reads.snapshot([...new Set(spaceIds)].map((id) => ({ collection: SPACES, id })));
    return docs.filter((space): space is SpaceDoc => space !== null && space.organizationId === organizationId && !this.expired(space as SpaceDoc));
  }

  /** A page of the organization's live spaces, oldest first unless `direction` says otherwise. */
  listInOrganization(organizationId: string, list: ListQuery, direction: 'asc' | 'desc' = 'asc') {
    return findPage<SpaceDoc>(
      this.reads,
      SPACES,
      { filter: { organizationId, deletedAt: null }, sort: { field: 'createdAt', direction } },
      list,
    );
  }

  /** A page of a collection's live spaces, in sibling order. */
  listInCollection(organizationId: string, collectionId: string, list: ListQuery) {
    return findPage<SpaceDoc>(
      this.reads,
      SPACES,
      { filter: { organizationId, parent: collectionId, deletedAt: null }, sort: { field: 'position', direction: 'asc' } },
      list,
    );
  }

  /** Every space matching `filter` (live or deleted), for cascades. */
  all(filter: Filter): Promise<SpaceDoc[]> {
    return findEvery<SpaceDoc>(this.reads, SPACES, filter);
  }

  /** Deleted spaces whose retention ran out at the clock's time (deleted strictly before the cutoff). */
  async expiredBatch(limit = 500): Promise<SpaceDoc[]> {
    const cutoff = new Date(this.clock.now().getTime() - RETENTION_MS).toISOString();
    const page = await this.reads.find<SpaceDoc>(SPACES, {
      filter: { deletedAt: { $lt: cutoff } },
      sort: { field: 'deletedAt', direction: 'asc' },
      limit,
    });
    return page.items;
  }

  private expired(space: SpaceDoc): boolean {
    return space.deletedAt !== undefined && space.deletedAt !== null && retentionExpired(space.deletedAt, this.clock.nowIso());
  }
}
