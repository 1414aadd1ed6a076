import { PageDocument } from '@folio/kernel/document/document.model';

/** An organization's instructions to its Docs agent (the client's OrganizationAgentInstructions); one stream per organization. */
export type AgentInstructionsEvent = {
  type: 'AgentInstructionsUpdated';
  /** `digest`: sha256 of the document's canonical JSON, which tells the same document written again. */
  data: { organizationId: string; instructions: PageDocument; digest: string; updatedAt: string; updatedBy: string };
};

export const agentInstructionsStream = (organizationId: string) => `agentInstructions-${organizationId}`;
