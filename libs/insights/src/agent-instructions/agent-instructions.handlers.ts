import { Inject } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PageDocument } from '@folio/kernel/document/document.model';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { InsightsAccess } from '../insights-access';
import { agentInstructionsDecider } from './agent-instructions.decider';
import { agentInstructionsStream } from './agent-instructions.events';
import { AgentInstructionsReads } from './agent-instructions.reads';
import { AgentInstructionsResource, agentInstructionsResource } from './agent-instructions.resource';

/** Every member reads the organization's agent instructions. */
export class GetAgentInstructions extends Query<AgentInstructionsResource> {
  constructor(readonly caller: Caller, readonly organizationId: string) {
    super();
  }
}

@QueryHandler(GetAgentInstructions)
export class GetAgentInstructionsHandler implements IQueryHandler<GetAgentInstructions> {
  constructor(
    private readonly access: InsightsAccess,
    private readonly reads: AgentInstructionsReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId }: GetAgentInstructions) {
    await this.access.member(caller, organizationId);
    return agentInstructionsResource(organizationId, await this.reads.instructions(organizationId), this.config.publicUrl);
  }
}

/** Admins replace them (the client's updateOrganizationAgentInstructions); answers them as written. */
export class UpdateAgentInstructions extends Command<AgentInstructionsResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly instructions: PageDocument) {
    super();
  }
}

@CommandHandler(UpdateAgentInstructions)
export class UpdateAgentInstructionsHandler implements ICommandHandler<UpdateAgentInstructions> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: InsightsAccess,
    private readonly reads: AgentInstructionsReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, instructions }: UpdateAgentInstructions) {
    await this.access.allowed(caller, organizationId, 'admin', 'change the agent instructions');
    const digest = createHash('sha256').update(canonicalJson(instructions)).digest('hex');
    await this.aggregates.handle(agentInstructionsStream(organizationId), agentInstructionsDecider, { type: 'UpdateAgentInstructions', organizationId, instructions, digest, actor: caller.userId }, caller);
    return agentInstructionsResource(organizationId, await this.reads.instructions(organizationId), this.config.publicUrl);
  }
}

export const agentInstructionsHandlers = [GetAgentInstructionsHandler, UpdateAgentInstructionsHandler];
