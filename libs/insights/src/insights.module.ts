import { Module } from '@nestjs/common';
import { IssueExtraction } from './analysis/default-issue-extraction';
import { issueExtractorProvider } from './analysis/issue-extractors';
import { AgentInstructionsController } from './agent-instructions/agent-instructions.controller';
import { agentInstructionsHandlers } from './agent-instructions/agent-instructions.handlers';
import { AgentInstructionsReads } from './agent-instructions/agent-instructions.reads';
import { conversationCommandHandlers } from './conversations/conversation.commands';
import { ConversationController } from './conversations/conversation.controller';
import { conversationQueryHandlers } from './conversations/conversation.queries';
import { ConversationReads } from './conversations/conversation.reads';
import { InsightsAccess } from './insights-access';

/**
 * Insights: customers' conversations ingested, the documentation issues they reveal extracted and grouped
 * into clusters, and the organization's agent instructions; their handlers and reads, and the work of the
 * process that projects (extraction, clustering). Content and identity are asked through their public queries.
 */
@Module({
  providers: [InsightsAccess, ConversationReads, AgentInstructionsReads, IssueExtraction, issueExtractorProvider],
  exports: [InsightsAccess, ConversationReads, AgentInstructionsReads],
})
export class InsightsModule {}

/** The routes: the API only. */
@Module({
  imports: [InsightsModule],
  providers: [...conversationCommandHandlers, ...conversationQueryHandlers, ...agentInstructionsHandlers],
  controllers: [ConversationController, AgentInstructionsController],
})
export class InsightsHttpModule {}
