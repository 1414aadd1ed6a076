import { Query } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';

/** Where a space's `.gitbook.yaml` sends a path: the page, its path in the tree, and when that content was made. */
export interface FolderRedirectHit {
  /** The redirect's source as the file wrote it. */
  source: string;
  pageId: string;
  pagePath: string;
  /** The current revision's creation time (the redirect is as old as the content holding it). */
  since: string;
}

/**
 * Publishing's question to content: does the space's current revision have a `.gitbook.yaml` redirect from
 * this path (within the space: `old/page`, slashes around it ignored) to a page that is still there? Null
 * otherwise, and when the caller may not read the space.
 */
export class FindFolderRedirect extends Query<FolderRedirectHit | null> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly path: string,
  ) {
    super();
  }
}
