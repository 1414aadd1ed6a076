import { PageDocument } from '@folio/kernel/document/document.model';
import { assertDocumentBounds } from '@folio/kernel/document/document-limits';
import { assertDocumentSchema } from '@folio/kernel/document/document-schema';
import { Decider } from '@folio/platform/domain/decider';
import { Invalid } from '@folio/platform/domain/errors';
import { AgentInstructionsEvent } from './agent-instructions.events';

/** The digest of the instructions last written (key order aside, the same document has the same digest). */
export type AgentInstructionsState = { digest: string | null };

/** `digest`: the handler's sha256 of the document's canonical JSON. */
export type AgentInstructionsCommand = { type: 'UpdateAgentInstructions'; organizationId: string; instructions: PageDocument; digest: string; actor: string; now: string };

/**
 * Replaces the organization's agent instructions with a document checked as every document is (its bounds,
 * then the client's schema: 400 naming the first bad value). The same document again writes nothing.
 */
export const agentInstructionsDecider: Decider<AgentInstructionsCommand, AgentInstructionsEvent, AgentInstructionsState> = {
  initialState: { digest: null },

  evolve: (_state, event) => ({ digest: event.data.digest }),

  decide({ organizationId, instructions, digest, actor, now }, state) {
    try {
      assertDocumentBounds(instructions);
    } catch (error) {
      throw error instanceof Invalid ? new Invalid(`instructions: ${error.message}`) : error;
    }
    assertDocumentSchema(instructions, 'instructions');
    if (digest === state.digest) return [];
    return [{ type: 'AgentInstructionsUpdated', data: { organizationId, instructions, digest, updatedAt: now, updatedBy: actor } }];
  },
};
