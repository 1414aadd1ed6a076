import { PageDocument } from '@folio/kernel/document/document.model';

/** An organization's instructions to its Docs agent (the client's OrganizationAgentInstructions); one stream per organization. */
export type AgentInstructionsEvent = {
  type: 'AgentInstructionsUpdated';
  data: { organizationId: string; instructions: PageDocument; updatedAt: string; updatedBy: string };
};

export const agentInstructionsStream = (organizationId: string) => `agentInstructions-${organizationId}`;
