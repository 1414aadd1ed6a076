import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GetLiveSpaces } from '../public/live-spaces.query';
import { SPACES, SpaceDoc } from './space.projection';

@QueryHandler(GetLiveSpaces)
export class GetLiveSpacesHandler implements IQueryHandler<GetLiveSpaces> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ organizationId, spaceIds }: GetLiveSpaces): Promise<Set<string>> {
    // By id, in one snapshot: the document cache answers what it holds.
    const docs = (await this.reads.snapshot([...new Set(spaceIds)].map((id) => ({ collection: SPACES, id })))) as (SpaceDoc | null)[];
    return new Set(docs.flatMap((doc) => (doc && doc.organizationId === organizationId && !doc.deletedAt ? [doc.id] : [])));
  }
}
