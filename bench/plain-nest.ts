// The yardstick of issue 25: a plain NestJS 11 app on @nestjs/platform-fastify with no Folio code (nothing from
// libs/ or apps/), as anyone would write it from Nest's documentation: a global guard comparing the bearer token
// with a constant, a global ValidationPipe (class-validator and class-transformer, unknown properties refused as
// Folio refuses them) on a PATCH body equal to Folio's organization PATCH body (bench/plain-organization-body.ts),
// and GET and PATCH /v1/orgs/:id answering a constant body: Folio's own GET answer. Folio's server CPU per request
// is stated as a multiple of this app's, measured in the same run.
// Run as its own process with PORT, BODY (Folio's answer) and TOKEN in the environment.
import 'reflect-metadata';
import { Body, CanActivate, Controller, ExecutionContext, Get, Injectable, Module, Param, Patch, SetMetadata, ValidationPipe } from '@nestjs/common';
import { APP_GUARD, NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyRequest } from 'fastify';
import { PlainOrganizationPatch } from './plain-organization-body';

const body = JSON.parse(process.env.BODY ?? '{}') as object;
const expected = `Bearer ${process.env.TOKEN ?? ''}`;

const OPEN = 'open';
/** A route anyone may call (the health check the bench polls before it starts). */
const Open = () => SetMetadata(OPEN, true);

@Injectable()
class BearerGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.get<boolean>(OPEN, context.getHandler())) return true;
    // false: Nest answers 403, which the bench would count as a failed request.
    return context.switchToHttp().getRequest<FastifyRequest>().headers.authorization === expected;
  }
}

@Controller('orgs')
class OrganizationController {
  @Get(':id')
  get(@Param('id') _id: string) {
    return body;
  }

  @Patch(':id')
  update(@Param('id') _id: string, @Body() _changes: PlainOrganizationPatch) {
    return body;
  }
}

@Controller('health')
class HealthController {
  @Open()
  @Get()
  health() {
    return { status: 'ok' };
  }
}

@Module({ controllers: [OrganizationController, HealthController], providers: [{ provide: APP_GUARD, useClass: BearerGuard }] })
class PlainModule {}

async function main() {
  const app = await NestFactory.create<NestFastifyApplication>(PlainModule, new FastifyAdapter(), { logger: ['error', 'warn'] });
  app.setGlobalPrefix('v1', { exclude: ['health'] });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
