import { Module } from '@nestjs/common';
import { ClusterIndex } from './analysis/cluster-index';
import { IssueExtraction } from './analysis/default-issue-extraction';
import { issueExtractorProvider } from './analysis/issue-extractors';
import { AgentInstructionsController } from './agent-instructions/agent-instructions.controller';
import { agentInstructionsHandlers } from './agent-instructions/agent-instructions.handlers';
import { AgentInstructionsReads } from './agent-instructions/agent-instructions.reads';
import { ClusterAnswers } from './clusters/cluster-answers';
import { clusterQueryHandlers, GetIssuesClusterHandler } from './clusters/cluster.queries';
import { ClusterReads } from './clusters/cluster.reads';
import { conversationCommandHandlers } from './conversations/conversation.commands';
import { ConversationController } from './conversations/conversation.controller';
import { conversationQueryHandlers } from './conversations/conversation.queries';
import { ConversationReads } from './conversations/conversation.reads';
import { InsightsAccess } from './insights-access';
import { IssueAnswers } from './issues/issue-answers';
import { IssueController } from './issues/issue.controller';
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
    InsightsAccess,
    ConversationReads,
    AgentInstructionsReads,
    IssueExtraction,
    issueExtractorProvider,
    IssueReads,
    ClusterReads,
    GetIssuesClusterHandler,
    OrganizationIndexes,
    { provide: NEW_CLUSTER_INDEX, useValue: (() => new ClusterIndex()) satisfies NewClusterIndex },
    IssueExtractionProcess,
  ],
  exports: [InsightsAccess, ConversationReads, AgentInstructionsReads, IssueReads, ClusterReads],
})
export class InsightsModule {}

/** The routes: the API only. */
@Module({
  imports: [InsightsModule],
  providers: [...conversationCommandHandlers, ...conversationQueryHandlers, ...agentInstructionsHandlers, IssueAnswers, ClusterAnswers, ...issueQueryHandlers, ...clusterQueryHandlers],
  controllers: [ConversationController, AgentInstructionsController, IssueController],
})
export class InsightsHttpModule {}
