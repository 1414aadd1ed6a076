import { Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { requestTrees } from '../change-requests/request-trees';
import { ContentReads } from '../revisions/content-reads';
import { ContentTrees, diffTrees } from '@folio/kernel/tree/content-trees';
import { LinkIndex, LinkSet } from './link-index';
import { LinkContext, LinkStatus, LinkStatuses } from './link-statuses';
import { LinkGroup } from './link-list';
import { targetOf } from './link-targets';

/** Links are read on main's content or a change request's head. */
export type LinksAt = { kind: 'main' } | { kind: 'change-request'; changeRequest: string };

/** The links of one version of a space's content, for a caller who may read it. */
export interface LinkView {
  context: LinkContext;
  links: LinkSet;
  /** Names the version (main, or the request's id): list cursors are bound to it. */
  scope: string;
  /** The pages a change request changed against its base (none on main): its share of the broken links. */
  changedPages(): Promise<ReadonlySet<string> | undefined>;
  /** The status of each group's target, by target key. */
  statuses(groups: LinkGroup[]): Promise<Map<string, LinkStatus>>;
}

/**
 * Opens the links of main or of a change request's head for a caller: 404 when they may not read the space
 * (or the request is not the space's), as every content read.
 */
@Injectable()
export class LinkViews {
  constructor(
    private readonly contents: ContentReads,
    private readonly changeRequests: ChangeRequestReads,
    private readonly trees: ContentTrees,
    private readonly index: LinkIndex,
    private readonly linkStatuses: LinkStatuses,
  ) {}

  async open(caller: Caller, spaceId: string, at: LinksAt): Promise<LinkView> {
    if (at.kind === 'main') {
      const { revision, snapshot } = await this.contents.open(caller, spaceId, at);
      return this.view({ space: spaceId, organization: revision.organizationId, snapshot }, 'main', async () => undefined);
    }
    const { changeRequest, space } = await this.changeRequests.get(spaceId, at.changeRequest, caller);
    const { base, head: snapshot } = await requestTrees(this.trees, changeRequest);
    const changedPages = async () => new Set((await diffTrees(base, snapshot)).pages.map((change) => change.id));
    return this.view({ space: spaceId, organization: space.organizationId, snapshot }, changeRequest.id, changedPages);
  }

  private async view(context: LinkContext, scope: string, changedPages: LinkView['changedPages']): Promise<LinkView> {
    return {
      context,
      links: await this.index.open(context.space, context.snapshot),
      scope,
      changedPages,
      statuses: (groups) => this.linkStatuses.resolve(context, new Map(groups.map((group) => [group.target, targetOf(group.link.ref)]))),
    };
  }
}
