import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CountGrantedSpaces } from '@folio/identity/public/granted-spaces.query';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { findEvery } from '@folio/platform/read-store/find-every';
import { CONTENT_GRANTS, ContentGrantDoc } from './content-grant.projection';

/** Read model collections of the spaces and collections projections. */
const SPACES = 'spaces';
const COLLECTIONS = 'collections';

/** Answers identity's question from the grants, spaces and collections read models. */
@QueryHandler(CountGrantedSpaces)
export class CountGrantedSpacesHandler implements IQueryHandler<CountGrantedSpaces> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ organizationId, principal }: CountGrantedSpaces): Promise<number> {
    const grants = await findEvery<ContentGrantDoc>(this.reads, CONTENT_GRANTS, {
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
      ids.push(...(await findEvery(this.reads, SPACES, { parent, deletedAt: null })).map((s) => s.id));
      pending.push(...(await findEvery(this.reads, COLLECTIONS, { parent, deletedAt: null })).map((c) => c.id));
    }
    return ids;
  }

}
