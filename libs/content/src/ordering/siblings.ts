import { Inject, Injectable } from '@nestjs/common';
import { InvalidPosition } from '@folio/platform/domain/errors';
import { Doc, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { COLLECTIONS } from '../collections/collection.projection';
import { SPACES } from '../spaces/space.projection';
import { Placement, Pointer } from '../shared/placement';
import { Slot } from '../shared/slot';
import { keyBetween } from '@folio/platform/domain/sibling-order';


interface Sibling extends Doc {
  organizationId: string;
  parent: string | null;
  position: string;
  deletedAt?: string;
}

const KINDS = [SPACES, COLLECTIONS];

/**
 * Sibling order under one parent: spaces and collections share one sequence of fractional keys, so a
 * space can go between two collections. Deleted items do not count as siblings.
 */
@Injectable()
export class Siblings {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  /** A key after every live sibling under `parent`: where new items go. */
  async endKey(organizationId: string, parent: string | null): Promise<string> {
    const { lower, upper } = await this.slot(organizationId, parent, undefined, null);
    return keyBetween(lower, upper);
  }

  /**
   * The slot where `placement` puts an item under `parent` (at the end when no placement), ignoring
   * the item itself (`self`). An unknown sibling, or one under another parent, is an InvalidPosition.
   */
  async slot(organizationId: string, parent: string | null, placement: Placement | undefined, self: string | null): Promise<Slot> {
    const scope = { organizationId, parent, deletedAt: null };
    if (placement?.before && placement.after) {
      const [upper, lower] = await Promise.all([this.pointed(placement.before, scope, self), this.pointed(placement.after, scope, self)]);
      if (lower.position >= upper.position) throw new InvalidPosition('position: `after` must come before `before` among the siblings');
      return { lower: lower.position, upper: upper.position };
    }
    if (placement?.before) {
      const upper = await this.pointed(placement.before, scope, self);
      return { lower: await this.neighbour(scope, upper.position, 'desc', self), upper: upper.position };
    }
    if (placement?.after) {
      const lower = await this.pointed(placement.after, scope, self);
      return { lower: lower.position, upper: await this.neighbour(scope, lower.position, 'asc', self) };
    }
    return { lower: await this.neighbour(scope, null, 'desc', self), upper: null };
  }

  private async pointed(pointer: Pointer, scope: { organizationId: string; parent: string | null }, self: string | null): Promise<Sibling> {
    const id = pointer.type === 'space' ? pointer.space : pointer.collection;
    const doc = await this.reads.get<Sibling>(pointer.type === 'space' ? SPACES : COLLECTIONS, id);
    if (id === self) throw new InvalidPosition(`position: an item cannot be placed next to itself`);
    if (!doc || doc.deletedAt || doc.organizationId !== scope.organizationId || doc.parent !== scope.parent) {
      throw new InvalidPosition(`position: ${pointer.type} ${id} is not a sibling under the target parent`);
    }
    return doc;
  }

  /** The nearest live sibling key beyond `from` in `direction` (from the end when `from` is null). */
  private async neighbour(
    scope: { organizationId: string; parent: string | null; deletedAt: null },
    from: string | null,
    direction: 'asc' | 'desc',
    self: string | null,
  ): Promise<string | null> {
    const filter = from === null ? scope : { ...scope, position: direction === 'asc' ? { $gt: from } : { $lt: from } };
    const found = await Promise.all(
      KINDS.map((kind) => this.reads.find<Sibling>(kind, { filter, sort: { field: 'position', direction }, limit: 2 })),
    );
    const keys = found.flatMap((page) => page.items.filter((d) => d.id !== self).map((d) => d.position));
    if (keys.length === 0) return null;
    return keys.reduce((a, b) => ((direction === 'asc' ? a <= b : a >= b) ? a : b));
  }
}
