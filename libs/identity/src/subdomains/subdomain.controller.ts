import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetSubdomain } from './subdomain.queries';

@Controller('subdomains')
export class SubdomainController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':subdomain')
  get(@Param('subdomain') subdomain: string) {
    return this.queries.execute(new GetSubdomain(subdomain));
  }
}
