import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CountGrantedSpaces } from '@folio/identity/members/granted-spaces.query';
import { CursorKey, Doc, Filter, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { CONTENT_GRANTS, ContentGrantDoc } from './content-grant.projection';

/** Read model collections of the spaces and collections projections. */
const SPACES = 'spaces';
const COLLECTIONS = 'collections';

/** Answers identity's question from the grants, spaces and collections read models. */
@QueryHandler(CountGrantedSpaces)
export class CountGrantedSpacesHandler implements IQueryHandler<CountGrantedSpaces> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ organizationId, principal }: CountGrantedSpaces): Promise<number> {
    const grants = await this.all<ContentGrantDoc>(CONTENT_GRANTS, {
      organizationId,
      principalType: principal.type,
      principalId: principal.id,
    });
    const spaces = new Set<string>();
    for (const grant of grants) {
      if (grant.targetType === 'space') {
        const space = await this.reads.get(SPACES, grant.targetId);
        if (space && !space.deletedAt) spaces.add(space.id);
      } else {
        for (const id of await this.spacesUnder(grant.targetId)) spaces.add(id);
      }
    }
    return spaces.size;
  }

  /** Live spaces in a collection and every collection below it. */
  private async spacesUnder(collectionId: string): Promise<string[]> {
    const ids: string[] = [];
    const pending = [collectionId];
    for (let depth = 0; pending.length > 0 && depth < 10_000; depth++) {
      const parent = pending.pop()!;
      ids.push(...(await this.all(SPACES, { parent, deletedAt: null })).map((s) => s.id));
      pending.push(...(await this.all(COLLECTIONS, { parent, deletedAt: null })).map((c) => c.id));
    }
    return ids;
  }

  private async all<T extends Doc>(collection: string, filter: Filter): Promise<T[]> {
    const items: T[] = [];
    let after: CursorKey | undefined;
    do {
      const page = await this.reads.find<T>(collection, { filter, limit: 1000, after });
      items.push(...page.items);
      after = page.next;
    } while (after);
    return items;
  }
}
