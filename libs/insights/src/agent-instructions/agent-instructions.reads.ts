import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetOrganizationCreation } from '@folio/identity/public/organization-creation.query';
import { PageDocument } from '@folio/kernel/document/document.model';
import { NotFound } from '@folio/platform/domain/errors';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { AgentInstructionsDoc, INSIGHTS_AGENT_INSTRUCTIONS } from './agent-instructions.projection';

/** No instructions written yet: an empty document. */
const EMPTY: PageDocument = { object: 'document', data: {}, nodes: [] };

@Injectable()
export class AgentInstructionsReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  /**
   * The organization's instructions as last written; before any were, an empty document "written" when
   * the organization was, by its creator (the spec requires `updatedAt` and `updatedBy`: they say where
   * the instructions stand, and nobody changed them since the organization began).
   */
  async instructions(organizationId: string): Promise<Pick<AgentInstructionsDoc, 'instructions' | 'updatedAt' | 'updatedBy'>> {
    const doc = await this.reads.get<AgentInstructionsDoc>(INSIGHTS_AGENT_INSTRUCTIONS, organizationId);
    if (doc) return doc;
    const creation = await this.queries.execute(new GetOrganizationCreation(organizationId));
    if (!creation) throw new NotFound('organization');
    return { instructions: EMPTY, updatedAt: creation.createdAt, updatedBy: creation.createdBy };
  }
}
