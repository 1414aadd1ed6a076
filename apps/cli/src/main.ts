import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { loadConfig } from '@folio/platform/config/config';
import { createLogger, PinoNestLogger } from '@folio/platform/http/logger';
import { describeFatal } from '@folio/platform/startup/startup-error';
import { CliModule } from './cli.module';
import { audit } from './commands/audit';
import { projections } from './commands/projections';
import { tokens, UsageError, users } from './commands/users';

const USAGE = `usage: folio <command>
  users create --email E [--name N]   create a user; prints {"id","email","token"}
  tokens create --user ID             issue another API token
  tokens revoke --token T             revoke a token
  projections rebuild                 replay the log into fresh read models and swap them in
  projections status                  each projection's position and lag
  audit stream <streamName>           a stream's events as JSON lines
  audit org <organizationId>          an organization's audit events, newest first`;

const COMMANDS = { users, tokens, projections, audit };

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, user: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, ...rest] = positionals;
  const run = COMMANDS[command as keyof typeof COMMANDS];
  if (!run || values.help) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const { logLevel } = loadConfig();
  const logger = createLogger(logLevel === 'info' ? 'warn' : logLevel);
  const app = await NestFactory.createApplicationContext(CliModule, { logger: new PinoNestLogger(logger) });
  try {
    await run(app, rest, values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`usage: folio ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
    return 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${describeFatal(error)}\n`);
    process.exit(1);
  },
);
