import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { listEnvelope, ListEnvelope } from '@folio/platform/http/pagination';
import { GetClusterChangeRequests } from '@folio/content/public/cluster-change-requests.query';
import { GetIssuesCluster } from '../public/issues-cluster.query';
import { InsightsAccess } from '../insights-access';
import { ListClustersQuery } from '../issues/issue.dto';
import { ClusterDoc } from './cluster.projection';
import { ClusterReads } from './cluster.reads';
import { ClusterResource, clusterResource } from './cluster.resource';

/** A cluster as answered: its words opened, its pulse as of the clock, its open change requests asked of content. */
async function resource(doc: ClusterDoc, reads: ClusterReads, queries: QueryBus, clock: Clock, publicUrl: string): Promise<ClusterResource> {
  const [words, changeRequests] = await Promise.all([reads.words(doc), queries.execute(new GetClusterChangeRequests(doc.organizationId, doc.id))]);
  return clusterResource(doc, words, changeRequests, clock.now(), publicUrl);
}

/** Every member lists the organization's clusters: by `sort` (updatedAt by default, issues, createdAt), `order` desc by default. */
export class ListIssuesClusters extends Query<ListEnvelope<ClusterResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly query: ListClustersQuery) {
    super();
  }
}

@QueryHandler(ListIssuesClusters)
export class ListIssuesClustersHandler implements IQueryHandler<ListIssuesClusters> {
  constructor(
    private readonly access: InsightsAccess,
    private readonly reads: ClusterReads,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, query }: ListIssuesClusters) {
    await this.access.member(caller, organizationId);
    const { sort, order, ...list } = query;
    const page = await this.reads.list(organizationId, sort ?? 'updatedAt', order ?? 'desc', list);
    return listEnvelope(await Promise.all(page.items.map((doc) => resource(doc, this.reads, this.queries, this.clock, this.config.publicUrl))), page.next);
  }
}

/** Every member reads one cluster (an addition: its resource's location); 404 unknown. */
export class GetIssuesClusterResource extends Query<ClusterResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly clusterId: string) {
    super();
  }
}

@QueryHandler(GetIssuesClusterResource)
export class GetIssuesClusterResourceHandler implements IQueryHandler<GetIssuesClusterResource> {
  constructor(
    private readonly access: InsightsAccess,
    private readonly reads: ClusterReads,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, clusterId }: GetIssuesClusterResource) {
    await this.access.member(caller, organizationId);
    return resource(await this.reads.cluster(organizationId, clusterId), this.reads, this.queries, this.clock, this.config.publicUrl);
  }
}

/** Content's question (public): whether the cluster is the organization's, with its id and label; null when not. */
@QueryHandler(GetIssuesCluster)
export class GetIssuesClusterHandler implements IQueryHandler<GetIssuesCluster> {
  constructor(private readonly reads: ClusterReads) {}

  async execute({ organizationId, clusterId }: GetIssuesCluster) {
    const doc = await this.reads.find(organizationId, clusterId);
    return doc && { id: doc.id, label: (await this.reads.words(doc)).label };
  }
}

export const clusterQueryHandlers = [ListIssuesClustersHandler, GetIssuesClusterResourceHandler];
