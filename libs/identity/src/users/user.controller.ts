import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ForReaders } from '@folio/platform/http/for-readers.decorator';
import { GetAuthenticatedUser, GetUser } from './user.queries';

@Controller()
export class UserController {
  constructor(private readonly queries: QueryBus) {}

  @Get('user')
  me(@CallerParam() caller: Caller) {
    return this.queries.execute(new GetAuthenticatedUser(caller));
  }

  @ForReaders()
  @Get('users/:userId')
  get(@CallerParam() caller: Caller, @Param('userId') userId: string) {
    return this.queries.execute(new GetUser(caller, userId));
  }
}
