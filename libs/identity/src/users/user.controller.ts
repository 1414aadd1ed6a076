import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { GetAuthenticatedUser } from './user.queries';

@Controller('user')
export class UserController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  me(@CallerParam() caller: Caller) {
    return this.queries.execute(new GetAuthenticatedUser(caller));
  }
}
