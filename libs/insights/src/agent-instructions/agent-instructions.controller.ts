import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { UpdateAgentInstructionsBody } from './agent-instructions.dto';
import { GetAgentInstructions, UpdateAgentInstructions } from './agent-instructions.handlers';

const AGENT_INSTRUCTIONS = 'orgs/:organizationId/agent-instructions';

/** The client's getOrganizationAgentInstructions and updateOrganizationAgentInstructions. */
@Controller()
export class AgentInstructionsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get(AGENT_INSTRUCTIONS)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string) {
    return this.queries.execute(new GetAgentInstructions(caller, organizationId));
  }

  @Put(AGENT_INSTRUCTIONS)
  update(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: UpdateAgentInstructionsBody) {
    return this.commands.execute(new UpdateAgentInstructions(caller, organizationId, body.instructions));
  }
}
