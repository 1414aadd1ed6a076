import { Module } from '@nestjs/common';
import { ClusterIndex } from './analysis/cluster-index';
import { IssueExtraction } from './analysis/default-issue-extraction';
import { issueExtractorProvider } from './analysis/issue-extractors';
import { ClusterAnswers } from './clusters/cluster-answers';
import { clusterQueryHandlers, GetIssuesClusterHandler } from './clusters/cluster.queries';
import { ClusterReads } from './clusters/cluster.reads';
import { IssueController } from './issues/issue.controller';
import { IssueAnswers } from './issues/issue-answers';
import { issueQueryHandlers } from './issues/issue.queries';
import { IssueReads } from './issues/issue.reads';
import { IssueExtractionProcess } from './issues/issue-extraction.process';
import { NEW_CLUSTER_INDEX, NewClusterIndex, OrganizationIndexes } from './issues/organization-indexes';

/**
 * Insights: customers' conversations ingested, the documentation issues they reveal extracted and grouped
 * into clusters, and the organization's agent instructions; their handlers and reads, and the work of the
 * process that projects (extraction, clustering). Content and identity are asked through their public queries.
 */
@Module({
  providers: [
    IssueExtraction,
    issueExtractorProvider,
    IssueReads,
    ClusterReads,
    GetIssuesClusterHandler,
    OrganizationIndexes,
    { provide: NEW_CLUSTER_INDEX, useValue: (() => new ClusterIndex()) satisfies NewClusterIndex },
    IssueExtractionProcess,
  ],
  exports: [IssueReads, ClusterReads],
})
export class InsightsModule {}

/** The routes: the API only. */
@Module({
  imports: [InsightsModule],
  providers: [IssueAnswers, ClusterAnswers, ...issueQueryHandlers, ...clusterQueryHandlers],
  controllers: [IssueController],
})
export class InsightsHttpModule {}
