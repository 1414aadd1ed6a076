import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { findEvery } from '@folio/platform/read-store/find-every';
import { ContentAccess } from '../access/content-access';
import { COLLECTIONS, CollectionDoc } from './collection.projection';

export interface CollectionView {
  collection: CollectionDoc;
  role: Role | null;
}

/** Reads of the collections read model as a caller may see them. Deleted collections are gone (404). */
@Injectable()
export class CollectionReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly access: ContentAccess,
  ) {}

  get(collectionId: string): Promise<CollectionDoc | null> {
    return this.reads.get<CollectionDoc>(COLLECTIONS, collectionId);
  }

  /** The live collection and the caller's role on it, or 404. */
  async visible(caller: Caller, collectionId: string): Promise<CollectionView> {
    const collection = await this.get(collectionId);
    if (!collection || collection.deletedAt) throw new NotFound('collection');
    return { collection, role: await this.access.forCollection(caller, collection) };
  }

  /**
   * A collection named in a body (`parent`): live, in `organizationId` and visible to the caller, or a
   * 400 naming the field.
   */
  async parentFor(caller: Caller, organizationId: string, collectionId: string, field = 'parent'): Promise<CollectionView> {
    try {
      const view = await this.visible(caller, collectionId);
      if (view.collection.organizationId === organizationId) return view;
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
    }
    throw new Invalid(`${field}: no collection ${collectionId} in this organization`);
  }

  async visibleAmong(caller: Caller, docs: CollectionDoc[]): Promise<CollectionView[]> {
    return (await this.access.visibleAmong(caller, docs)).map(({ node, role }) => ({ collection: node, role }));
  }

  /** Root collections in sibling order, or (nested) every live collection, oldest first. */
  list(organizationId: string, nested: boolean, list: ListQuery) {
    return findPage<CollectionDoc>(
      this.reads,
      COLLECTIONS,
      nested
        ? { filter: { organizationId, deletedAt: null }, sort: { field: 'createdAt', direction: 'asc' } }
        : { filter: { organizationId, parent: null, deletedAt: null }, sort: { field: 'position', direction: 'asc' } },
      list,
    );
  }

  /** `collectionId` and its ancestors, nearest first. */
  async ancestry(collectionId: string | null): Promise<string[]> {
    const chain: string[] = [];
    let current = collectionId;
    while (current && chain.length < 100) {
      chain.push(current);
      current = (await this.get(current))?.parent ?? null;
    }
    return chain;
  }

  /** Every live collection below `collectionId`, parents before children. */
  async descendants(collectionId: string): Promise<CollectionDoc[]> {
    const out: CollectionDoc[] = [];
    let frontier = [collectionId];
    while (frontier.length) {
      const children = (await Promise.all(frontier.map((parent) => findEvery<CollectionDoc>(this.reads, COLLECTIONS, { parent, deletedAt: null })))).flat();
      out.push(...children);
      frontier = children.map((c) => c.id);
    }
    return out;
  }

}
