import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { ChangeRequestResource } from '../change-requests/change-request.resource';
import { requestTrees } from '../change-requests/request-trees';
import { FileUrls } from '../files/file-urls';
import { ContentReads } from '../revisions/content-reads';
import { mergedFrom } from '../revisions/merged-from';
import { ContentTrees, diffTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { semanticChanges, SemanticChanges } from './semantic-changes';

export class GetChangeRequestChanges extends Query<SemanticChanges> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly limit: number,
  ) {
    super();
  }
}

export class GetRevisionChanges extends Query<SemanticChanges & { mergedFrom?: ChangeRequestResource }> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly revisionId: string,
    readonly limit: number,
  ) {
    super();
  }
}

async function changesBetween(before: TreeSnapshot, after: TreeSnapshot, limit: number, urls: FileUrls) {
  return semanticChanges(await diffTrees(before, after), { before, after }, { limit, downloadUrl: (file) => urls.downloadUrl(file) });
}

/** What the request changes: its head against its base (`revisionMergedAncestor ?? revisionInitial`), as a merge would take it. */
@QueryHandler(GetChangeRequestChanges)
export class GetChangeRequestChangesHandler implements IQueryHandler<GetChangeRequestChanges> {
  constructor(
    private readonly changeRequests: ChangeRequestReads,
    private readonly trees: ContentTrees,
    private readonly urls: FileUrls,
  ) {}

  async execute({ caller, spaceId, changeRequestId, limit }: GetChangeRequestChanges) {
    const { changeRequest } = await this.changeRequests.get(spaceId, changeRequestId, caller);
    const { base, head } = await requestTrees(this.trees, changeRequest);
    return changesBetween(base, head, limit, this.urls);
  }
}

/**
 * What a revision changed: against its first parent (main's previous revision for a merge, the request's
 * previous head for an update), or the empty tree for a revision without parents (everything is created).
 */
@QueryHandler(GetRevisionChanges)
export class GetRevisionChangesHandler implements IQueryHandler<GetRevisionChanges> {
  constructor(
    private readonly contents: ContentReads,
    private readonly trees: ContentTrees,
    private readonly urls: FileUrls,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, spaceId, revisionId, limit }: GetRevisionChanges) {
    const { revision, snapshot } = await this.contents.open(caller, spaceId, { kind: 'revision', revisionId });
    const [parent] = revision.parents;
    const before = parent ? (await this.contents.open(caller, spaceId, { kind: 'revision', revisionId: parent })).snapshot : await this.trees.open(EMPTY_TREE_HASH);
    const [changes, merged] = await Promise.all([changesBetween(before, snapshot, limit, this.urls), mergedFrom(this.queries, caller, revision)]);
    return { ...(merged ? { mergedFrom: merged } : {}), ...changes };
  }
}

export const changesQueryHandlers = [GetChangeRequestChangesHandler, GetRevisionChangesHandler];
