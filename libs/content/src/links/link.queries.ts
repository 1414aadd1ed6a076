import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { ListEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { LinkDoc } from './link-docs';
import { backlinkList, linkList, LinkList, LocationRef } from './link-list';
import { LinkStatus } from './link-statuses';
import { targetKey } from './link-targets';
import { LinksAt, LinkView, LinkViews } from './link-views';

export class ListSpaceLinks extends Query<LinkList> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly at: LinksAt,
    readonly status: LinkStatus | undefined,
    readonly list: ListQuery,
  ) {
    super();
  }
}

export class ListPageLinks extends Query<LinkList> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly at: LinksAt,
    readonly pageId: string,
    readonly status: LinkStatus | undefined,
    readonly list: ListQuery,
  ) {
    super();
  }
}

/** The pages linking to a page or a file of the content. */
export class ListBacklinks extends Query<ListEnvelope<LocationRef>> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly at: LinksAt,
    readonly target: { page: string } | { file: string },
    readonly list: ListQuery,
  ) {
    super();
  }
}

async function listed(view: LinkView, docs: LinkDoc[], status: LinkStatus | undefined, list: ListQuery, binding: string) {
  const [statuses, changedPages] = await Promise.all([view.statuses(docs), view.changedPages()]);
  return linkList(docs, statuses, { organization: view.context.organization, status, list, binding: `${binding}:${status ?? ''}`, changedPages });
}

/** Every link of the content, grouped by target, with statuses and stats. */
@QueryHandler(ListSpaceLinks)
export class ListSpaceLinksHandler implements IQueryHandler<ListSpaceLinks> {
  constructor(private readonly views: LinkViews) {}

  async execute({ caller, spaceId, at, status, list }: ListSpaceLinks) {
    const view = await this.views.open(caller, spaceId, at);
    return listed(view, await view.links.all(), status, list, `links:${spaceId}:${view.scope}`);
  }
}

/** The links of one page (404 when the content has no such page). */
@QueryHandler(ListPageLinks)
export class ListPageLinksHandler implements IQueryHandler<ListPageLinks> {
  constructor(private readonly views: LinkViews) {}

  async execute({ caller, spaceId, at, pageId, status, list }: ListPageLinks) {
    const view = await this.views.open(caller, spaceId, at);
    if (!(await view.context.snapshot.page(pageId))) throw new NotFound('page');
    return listed(view, await view.links.fromPage(pageId), status, list, `page-links:${spaceId}:${view.scope}:${pageId}`);
  }
}

@QueryHandler(ListBacklinks)
export class ListBacklinksHandler implements IQueryHandler<ListBacklinks> {
  constructor(private readonly views: LinkViews) {}

  async execute({ caller, spaceId, at, target, list }: ListBacklinks) {
    const view = await this.views.open(caller, spaceId, at);
    const { snapshot } = view.context;
    if ('page' in target) {
      if (!(await snapshot.page(target.page))) throw new NotFound('page');
    } else if (!(await snapshot.file(target.file))) throw new NotFound('file');
    const key = targetKey('page' in target ? { kind: 'page', space: spaceId, page: target.page } : { kind: 'file', space: spaceId, file: target.file });
    return backlinkList(await view.links.toTarget(key), {
      space: spaceId,
      ...('page' in target ? { except: target.page } : {}),
      list,
      binding: `backlinks:${spaceId}:${view.scope}:${key}`,
    });
  }
}

export const linkQueryHandlers = [ListSpaceLinksHandler, ListPageLinksHandler, ListBacklinksHandler];
