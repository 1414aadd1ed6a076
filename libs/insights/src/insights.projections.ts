import { Projection } from '@folio/platform/projections/projection';
import { conversationProjection } from './conversations/conversation.projection';

export const insightsProjections: Projection[] = [conversationProjection];
