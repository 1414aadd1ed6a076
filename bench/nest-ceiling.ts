// Nest's own ceiling for the read and command benchmarks: a hello-world Nest app served through Folio's whole set-up
// (createApp: the Fastify adapter and its options, JSON parser, query-string and 405 checks, ETag and
// response hooks, validation binding, the pino logger at the bench's level) with Folio's global AuthGuard
// and error filter, answering Folio's body at Folio's route. Only the domain work is missing: the token is
// verified from memory, and the organization is a constant. Folio can come close to this, not pass it. Its
// PATCH route validates Folio's own body DTO (through the same validation binding) and answers the same body:
// what a command costs before any append, projection or read-your-writes wait.
// Run as its own process with PORT, BODY (Folio's answer), TOKEN and LOG_LEVEL in the environment.
import 'reflect-metadata';
import { Body, Controller, Get, Injectable, Module, Param, Patch } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { Caller } from '@folio/platform/auth/caller';
import { loadConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { AuthGuard } from '@folio/platform/http/auth.guard';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ErrorBodyFilter } from '@folio/platform/http/exception.filter';
import { createLogger } from '@folio/platform/http/logger';
import { MetricsRegistry } from '@folio/platform/metrics/metrics-registry';
import { Public } from '@folio/platform/http/public.decorator';
import { SiteTokenVerifier } from '@folio/platform/http/site-token-verifier';
import { TokenVerifier } from '@folio/platform/http/token-verifier';
import { WorkerPool } from '@folio/platform/workers/worker-pool';
import { createApp } from '../apps/api/src/create-app';
import { UpdateOrganizationBody } from '@folio/identity/organizations/organization.dto';
import { UNREACHED_RATE_LIMITS } from './folio';

const body = JSON.parse(process.env.BODY ?? '{}') as object;
const token = process.env.TOKEN ?? '';

@Injectable()
class MemoryTokenVerifier extends TokenVerifier {
  async verify(given: string): Promise<string | null> {
    return given === token ? 'bench-user' : null;
  }
}

/** The bench sends API tokens only: no site token is valid here. */
@Injectable()
class NoSiteTokens extends SiteTokenVerifier {
  async verify(): Promise<null> {
    return null;
  }
}

@Controller('orgs')
class OrganizationController {
  @Get(':organizationId')
  get(@CallerParam() _caller: Caller, @Param('organizationId') _organizationId: string) {
    return body;
  }

  @Patch(':organizationId')
  update(@CallerParam() _caller: Caller, @Param('organizationId') _organizationId: string, @Body() changes: UpdateOrganizationBody) {
    changes.toChanges();
    return body;
  }
}

@Controller('health')
class HealthController {
  @Public()
  @Get()
  health() {
    return { status: 'ok' };
  }
}

@Module({
  controllers: [OrganizationController, HealthController],
  providers: [
    // createApp's CORS and rate limits read it: the ceiling's limiter works as Folio's does in the bench.
    { provide: CONFIG, useValue: loadConfig({ ...UNREACHED_RATE_LIMITS, ...process.env }) },
    { provide: TokenVerifier, useClass: MemoryTokenVerifier },
    { provide: SiteTokenVerifier, useClass: NoSiteTokens },
    // createApp's request metrics record into it, on or off by the same setting as Folio's.
    MetricsRegistry,
    // createApp's JSON parser hands bodies over 1 MiB to it (the bench's are small: no thread starts).
    { provide: WorkerPool, useFactory: () => new WorkerPool() },
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_FILTER, useClass: ErrorBodyFilter },
  ],
})
class CeilingModule {}

async function main() {
  const app = await createApp(createLogger(process.env.LOG_LEVEL ?? 'warn'), CeilingModule);
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  // Same stop signal as Folio's API: the bench stops every server the same way.
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
