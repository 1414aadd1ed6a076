import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { Caller, systemCaller } from '@folio/platform/auth/caller';
import { createLogger, PinoNestLogger } from '@folio/platform/http/logger';
import { CreateOrganization } from '@folio/identity/organizations/organization.commands';
import { CreateUser } from '@folio/identity/users/user.commands';
import { CreateSpace } from '@folio/content/spaces/space.commands';

/** A Folio of its own, in embedded mode on a data directory, with one user who administers one organization. */
export interface EmbeddedFolio {
  app: INestApplicationContext;
  /** The organization's admin, as the API would see them. */
  caller: Caller;
  newSpace(title: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the CLI's modules on `dataDir` (what `npm run fidelity` and the benchmark import into: the real
 * import, merge and export, on a store nobody else uses). DATA_DIR is set before the config is read.
 */
export async function embeddedFolio(dataDir: string): Promise<EmbeddedFolio> {
  process.env.DATA_DIR = dataDir;
  delete process.env.EVENTSTORE_URL;
  delete process.env.MONGODB_URL;
  const { CliModule } = await import('./cli.module');
  const app = await NestFactory.createApplicationContext(CliModule, { logger: new PinoNestLogger(createLogger('warn')) });
  const commands = app.get(CommandBus);
  const user = await commands.execute(new CreateUser(systemCaller('embedded', 'script'), 'owner@folio.example', 'Owner'));
  const caller: Caller = { userId: user.id, source: 'script', correlationId: `embedded-${process.pid}` };
  const organization = await commands.execute(new CreateOrganization(caller, 'Embedded'));
  return {
    app,
    caller,
    newSpace: async (title) => (await commands.execute(new CreateSpace(caller, organization.id, { title }))).id,
    close: () => app.close(),
  };
}
