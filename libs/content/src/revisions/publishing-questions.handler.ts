import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFound } from '@folio/platform/domain/errors';
import { Caller } from '@folio/platform/auth/caller';
import { folderRedirectPath } from '@folio/kernel/tree/folder-redirects';
import { FindFolderRedirect, FolderRedirectHit } from '../public/folder-redirect.query';
import { LocateMainPages, PageLocations } from '../public/main-pages.query';
import { atMain, ContentReads, OpenContent } from './content-reads';

/** Main's content for publishing's questions; null when the caller may not read the space (it asks, it is not told why). */
async function openMain(contents: ContentReads, caller: Caller, spaceId: string): Promise<OpenContent | null> {
  try {
    return await contents.open(caller, spaceId, atMain());
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

@QueryHandler(LocateMainPages)
export class LocateMainPagesHandler implements IQueryHandler<LocateMainPages> {
  constructor(private readonly contents: ContentReads) {}

  async execute({ caller, spaceId, pageIds, paths }: LocateMainPages): Promise<PageLocations | null> {
    const content = await openMain(this.contents, caller, spaceId);
    if (!content) return null;
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

@QueryHandler(FindFolderRedirect)
export class FindFolderRedirectHandler implements IQueryHandler<FindFolderRedirect> {
  constructor(private readonly contents: ContentReads) {}

  /** One stored object (the redirects, at most MAX_FOLDER_REDIRECTS) scanned, then the page's path. */
  async execute({ caller, spaceId, path }: FindFolderRedirect): Promise<FolderRedirectHit | null> {
    const content = await openMain(this.contents, caller, spaceId);
    if (!content) return null;
    const { snapshot, revision } = content;
    const wanted = folderRedirectPath(path);
    const found = (await snapshot.folderRedirects()).find((redirect) => folderRedirectPath(redirect.source) === wanted);
    const page = found?.page === undefined ? null : await snapshot.page(found.page);
    if (!found || !page) return null;
    return { source: found.source, pageId: page.id, pagePath: await snapshot.pathOf(page.id), since: revision.createdAt };
  }
}
