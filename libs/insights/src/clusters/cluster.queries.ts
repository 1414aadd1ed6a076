import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { listEnvelope, ListEnvelope } from '@folio/platform/http/pagination';
import { GetIssuesCluster } from '../public/issues-cluster.query';
import { InsightsAccess } from '../insights-access';
import { ListClustersQuery } from '../issues/issue.dto';
import { ClusterAnswers } from './cluster-answers';
import { ClusterReads } from './cluster.reads';
import { ClusterResource } from './cluster.resource';

/** Every member lists the organization's clusters: by `sort` (updatedAt by default, issues, createdAt), `order` desc by default. */
export class ListIssuesClusters extends Query<ListEnvelope<ClusterResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly query: ListClustersQuery) {
    super();
  }
}

@QueryHandler(ListIssuesClusters)
export class ListIssuesClustersHandler implements IQueryHandler<ListIssuesClusters> {
  constructor(private readonly access: InsightsAccess, private readonly answers: ClusterAnswers) {}

  async execute({ caller, organizationId, query }: ListIssuesClusters) {
    await this.access.member(caller, organizationId);
    const { sort, order, ...list } = query;
    const page = await this.answers.reads.list(organizationId, sort ?? 'updatedAt', order ?? 'desc', list);
    return listEnvelope(await Promise.all(page.items.map((doc) => this.answers.resource(doc))), page.next);
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
  constructor(private readonly access: InsightsAccess, private readonly answers: ClusterAnswers) {}

  async execute({ caller, organizationId, clusterId }: GetIssuesClusterResource) {
    await this.access.member(caller, organizationId);
    return this.answers.resource(await this.answers.reads.cluster(organizationId, clusterId));
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
