import { Projection } from '@folio/platform/projections/projection';
import { agentInstructionsProjection } from './agent-instructions/agent-instructions.projection';
import { clusterProjection } from './clusters/cluster.projection';
import { conversationProjection } from './conversations/conversation.projection';
import { issueProjection } from './issues/issue.projection';

export const insightsProjections: Projection[] = [conversationProjection, agentInstructionsProjection, issueProjection, clusterProjection];
