import { Module } from '@nestjs/common';
import { IssueExtraction } from './analysis/default-issue-extraction';
import { issueExtractorProvider } from './analysis/issue-extractors';

/**
 * Insights: customers' conversations ingested, the documentation issues they reveal extracted and grouped
 * into clusters, and the organization's agent instructions; their handlers and reads, and the work of the
 * process that projects (extraction, clustering). Content and identity are asked through their public queries.
 */
@Module({
  providers: [IssueExtraction, issueExtractorProvider],
})
export class InsightsModule {}

/** The routes: the API only. */
@Module({
  imports: [InsightsModule],
  controllers: [],
})
export class InsightsHttpModule {}
