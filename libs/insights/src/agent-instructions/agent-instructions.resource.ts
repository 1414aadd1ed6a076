import { PageDocument } from '@folio/kernel/document/document.model';

/** The client's OrganizationAgentInstructions. */
export function agentInstructionsResource(
  organizationId: string,
  written: { instructions: PageDocument; updatedAt: string; updatedBy: string },
  publicUrl: string,
) {
  return {
    object: 'agent-instructions' as const,
    instructions: written.instructions,
    updatedAt: written.updatedAt,
    updatedBy: written.updatedBy,
    urls: { location: `${publicUrl}/v1/orgs/${organizationId}/agent-instructions` },
  };
}

export type AgentInstructionsResource = ReturnType<typeof agentInstructionsResource>;
