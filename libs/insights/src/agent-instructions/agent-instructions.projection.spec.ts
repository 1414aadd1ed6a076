import { PageDocument } from '@folio/kernel/document/document.model';
import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { AgentInstructionsEvent, agentInstructionsStream } from './agent-instructions.events';
import { agentInstructionsProjection, INSIGHTS_AGENT_INSTRUCTIONS } from './agent-instructions.projection';

const spec = projectionSpec<AgentInstructionsEvent>(agentInstructionsProjection, { stream: (e) => agentInstructionsStream(e.data.organizationId) });
const doc = (n: number) => ({ object: 'document', data: { n }, nodes: [] }) as unknown as PageDocument;
const updated = (organizationId: string, n: number): AgentInstructionsEvent => ({
  type: 'AgentInstructionsUpdated',
  data: { organizationId, instructions: doc(n), digest: `d${n}`, updatedAt: `2026-03-0${n}T00:00:00.000Z`, updatedBy: `u${n}` },
});

describe('agent instructions projection', () => {
  it('keeps each organization\u2019s last instructions', () =>
    spec.given([updated('o1', 1), updated('o2', 2), updated('o1', 3)]).then(INSIGHTS_AGENT_INSTRUCTIONS, [
      { id: 'o1', instructions: doc(3), updatedAt: '2026-03-03T00:00:00.000Z', updatedBy: 'u3' },
      { id: 'o2', instructions: doc(2), updatedAt: '2026-03-02T00:00:00.000Z', updatedBy: 'u2' },
    ]));

  it('is idempotent and rebuilds identically', async () => {
    await spec.given([updated('o1', 1), updated('o1', 2)]).thenIdempotent();
    await spec.given([updated('o1', 1), updated('o1', 2)]).thenRebuildsIdentically();
  });
});
