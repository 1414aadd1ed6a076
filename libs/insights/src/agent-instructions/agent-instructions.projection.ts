import { PageDocument } from '@folio/kernel/document/document.model';
import { defineProjection } from '@folio/platform/projections/projection';
import { AgentInstructionsEvent } from './agent-instructions.events';

export const INSIGHTS_AGENT_INSTRUCTIONS = 'insightsAgentInstructions';

/** One document per organization that wrote its instructions, keyed by the organization's id. */
export interface AgentInstructionsDoc {
  id: string;
  instructions: PageDocument;
  updatedAt: string;
  updatedBy: string;
  [key: string]: unknown;
}

export const agentInstructionsProjection = defineProjection<AgentInstructionsEvent>('insights-agent-instructions', [{ name: INSIGHTS_AGENT_INSTRUCTIONS, indexes: [] }], {
  AgentInstructionsUpdated: async ({ data }, tx) => {
    const doc: AgentInstructionsDoc = { id: data.organizationId, instructions: data.instructions, updatedAt: data.updatedAt, updatedBy: data.updatedBy };
    await tx.upsert(INSIGHTS_AGENT_INSTRUCTIONS, doc);
  },
});
