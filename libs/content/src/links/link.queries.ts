import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { ListEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { LinksOfPage } from './link-index';
import { backlinkList, groupLinks, linkList, LinkList, LocationRef } from './link-list';
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

async function listed(view: LinkView, pages: LinksOfPage[], status: LinkStatus | undefined, list: ListQuery, binding: string) {
  const groups = groupLinks(pages);
  const [statuses, changedPages] = await Promise.all([view.statuses(groups), view.changedPages()]);
  const { space, organization } = view.context;
  return linkList(groups, statuses, { space, organization, status, list, binding: `${binding}:${status ?? ''}`, changedPages });
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
    const pages = [{ page: pageId, links: await view.links.fromPage(pageId) }];
    return listed(view, pages, status, list, `page-links:${spaceId}:${view.scope}:${pageId}`);
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
    // A page's links to itself (its anchors) are no backlinks.
    const pages = (await view.links.linkingTo(key)).filter((page) => !('page' in target) || page !== target.page);
    return backlinkList(pages, { space: spaceId, list, binding: `backlinks:${spaceId}:${view.scope}:${key}` });
  }
}

export const linkQueryHandlers = [ListSpaceLinksHandler, ListPageLinksHandler, ListBacklinksHandler];
