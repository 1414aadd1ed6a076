import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFound } from '@folio/platform/domain/errors';
import { LocateMainPages, PageLocations } from '../public/main-pages.query';
import { atMain, ContentReads, OpenContent } from './content-reads';

@QueryHandler(LocateMainPages)
export class LocateMainPagesHandler implements IQueryHandler<LocateMainPages> {
  constructor(private readonly contents: ContentReads) {}

  async execute({ caller, spaceId, pageIds, paths }: LocateMainPages): Promise<PageLocations | null> {
    let content: OpenContent;
    try {
      content = await this.contents.open(caller, spaceId, atMain());
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
    const { snapshot } = content;
    const pathOf = new Map<string, string>();
    const idAt = new Map<string, string>();
    for (const id of new Set(pageIds)) if (await snapshot.page(id)) pathOf.set(id, await snapshot.pathOf(id));
    for (const path of new Set(paths)) {
      const node = await snapshot.pageByPath(path);
      if (node) idAt.set(path, node.id);
    }
    return { pathOf, idAt };
  }
}
