import { PageDocument } from '@folio/kernel/document/document.model';
import { assertDocumentBounds } from '@folio/kernel/document/document-limits';
import { assertDocumentSchema } from '@folio/kernel/document/document-schema';
import { Decider } from '@folio/platform/domain/decider';
import { Invalid } from '@folio/platform/domain/errors';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { AgentInstructionsEvent } from './agent-instructions.events';

/** The instructions as last written, canonical (key order aside, the same document is the same). */
export type AgentInstructionsState = { canonical: string | null };

export type AgentInstructionsCommand = { type: 'UpdateAgentInstructions'; organizationId: string; instructions: PageDocument; actor: string; now: string };

/**
 * Replaces the organization's agent instructions with a document checked as every document is (its bounds,
 * then the client's schema: 400 naming the first bad value). The same document again writes nothing.
 */
export const agentInstructionsDecider: Decider<AgentInstructionsCommand, AgentInstructionsEvent, AgentInstructionsState> = {
  initialState: { canonical: null },

  evolve: (_state, event) => ({ canonical: canonicalJson(event.data.instructions).toString('utf8') }),

  decide({ organizationId, instructions, actor, now }, state) {
    try {
      assertDocumentBounds(instructions);
    } catch (error) {
      throw error instanceof Invalid ? new Invalid(`instructions: ${error.message}`) : error;
    }
    assertDocumentSchema(instructions, 'instructions');
    if (canonicalJson(instructions).toString('utf8') === state.canonical) return [];
    return [{ type: 'AgentInstructionsUpdated', data: { organizationId, instructions, updatedAt: now, updatedBy: actor } }];
  },
};
