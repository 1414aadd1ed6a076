import { PageDocument } from '@folio/kernel/document/document.model';
import { Invalid } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { agentInstructionsDecider, AgentInstructionsCommand } from './agent-instructions.decider';
import { AgentInstructionsEvent } from './agent-instructions.events';

const spec = deciderSpec(agentInstructionsDecider);
const organizationId = 'o1';
const now = '2026-03-02T10:00:00.000Z';
const doc = (text: string) =>
  ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] }) as unknown as PageDocument;

/** A stand-in for the handler's digest (the decider only compares digests): the document's JSON. */
const digestOf = (instructions: PageDocument) => JSON.stringify(instructions);
const update = (instructions: PageDocument, digest = digestOf(instructions)): AgentInstructionsCommand => ({ type: 'UpdateAgentInstructions', organizationId, instructions, digest, actor: 'u1', now });
const updated = (instructions: PageDocument, digest = digestOf(instructions)): AgentInstructionsEvent => ({
  type: 'AgentInstructionsUpdated',
  data: { organizationId, instructions, digest, updatedAt: now, updatedBy: 'u1' },
});

describe('agent instructions decider', () => {
  it('writes the first instructions', () => spec.given([]).when(update(doc('Answer in English.'))).then([updated(doc('Answer in English.'))]));

  it('replaces them with other ones', () => spec.given([updated(doc('A'))]).when(update(doc('B'))).then([updated(doc('B'))]));

  it('writes nothing for a document of the same digest (the same one, whatever its key order)', () => {
    const reordered = { nodes: doc('A').nodes, data: {}, object: 'document' } as unknown as PageDocument;
    spec.given([updated(doc('A'), 'd1')]).when(update(reordered, 'd1')).then([]);
  });

  it('refuses what is not a document of the client\u2019s schema, naming the value', () => {
    spec.given([]).when(update({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'nope' }] } as unknown as PageDocument)).thenThrows(Invalid, /instructions\.nodes\[0\]\.type/);
    spec.given([]).when(update({ object: 'page' } as unknown as PageDocument)).thenThrows(Invalid, /instructions/);
  });
});
