import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { CursorKey, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { ClusterChangeRequest, GetClusterChangeRequests } from '../public/cluster-change-requests.query';
import { SpaceReads } from '../spaces/space.reads';
import { CHANGE_REQUESTS, ChangeRequestDoc } from './change-request.projection';
import { changeRequestLocation } from './change-request.resource';

/** Insights shows a cluster's few open requests beside it, never a list to page through: a larger limit is clamped. */
export const MAX_CLUSTER_CHANGE_REQUESTS = 100;

/**
 * The organization's open requests made for a cluster, newest first, through the read model's
 * cluster index. Requests of spaces in the bin are left out (the organization's lists leave them out
 * too); pages are read on until `limit` live ones are found or none is left, so a deleted space does
 * not shorten the answer.
 */
@QueryHandler(GetClusterChangeRequests)
export class GetClusterChangeRequestsHandler implements IQueryHandler<GetClusterChangeRequests> {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly spaces: SpaceReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ organizationId, clusterId, limit }: GetClusterChangeRequests): Promise<ClusterChangeRequest[]> {
    const wanted = Math.max(0, Math.min(Math.floor(limit), MAX_CLUSTER_CHANGE_REQUESTS));
    const found: ClusterChangeRequest[] = [];
    let after: CursorKey | undefined;
    while (found.length < wanted) {
      const page = await this.reads.find<ChangeRequestDoc>(CHANGE_REQUESTS, {
        filter: { conversationsIssuesCluster: clusterId, status: 'open', organizationId },
        sort: { field: 'createdAt', direction: 'desc' },
        limit: wanted - found.length,
        after,
      });
      const spaces = await this.spaces.existingIn(organizationId, page.items.map((doc) => doc.spaceId));
      const live = new Set(spaces.filter((space) => !space.deletedAt).map((space) => space.id));
      for (const doc of page.items.filter((item) => live.has(item.spaceId))) {
        found.push({
          id: doc.id,
          spaceId: doc.spaceId,
          number: doc.number,
          subject: doc.subject,
          location: changeRequestLocation(this.config, doc),
        });
      }
      if (!page.next) break;
      after = page.next;
    }
    return found;
  }
}
