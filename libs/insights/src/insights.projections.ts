import { Projection } from '@folio/platform/projections/projection';
import { agentInstructionsProjection } from './agent-instructions/agent-instructions.projection';
import { conversationProjection } from './conversations/conversation.projection';

export const insightsProjections: Projection[] = [conversationProjection, agentInstructionsProjection];
