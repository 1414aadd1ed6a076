import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetLiveSpaces } from '../public/live-spaces.query';
import { SpaceReads } from './space.reads';

@QueryHandler(GetLiveSpaces)
export class GetLiveSpacesHandler implements IQueryHandler<GetLiveSpaces> {
  constructor(private readonly spaces: SpaceReads) {}

  async execute({ organizationId, spaceIds }: GetLiveSpaces): Promise<Set<string>> {
    return new Set((await this.spaces.existingIn(organizationId, spaceIds)).flatMap((space) => (space.deletedAt ? [] : [space.id])));
  }
}
