#!/usr/bin/env node
// `folio` in the image is a link to this file (Dockerfile), hence the line above.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@folio/platform/config/config';
import { createLogger, PinoNestLogger } from '@folio/platform/http/logger';
import { describeFatal } from '@folio/platform/startup/startup-error';
import { checkStoresReachable } from '@folio/platform/startup/store-reachability';
import { UsageError } from './cli-io';
import { parseCommandLine } from './command-line';
import { COMMANDS } from './command-table';
import { usage } from './usage';

async function main(): Promise<number> {
  const line = parseCommandLine(COMMANDS, process.argv.slice(2));
  if ('text' in line) {
    (line.exitCode === 0 ? process.stdout : process.stderr).write(line.text);
    return line.exitCode;
  }
  const config = loadConfig();
  await checkStoresReachable(config);
  // Loaded only now (seconds on a busy machine), so that a refused start says so at once.
  const { CliModule } = await import('./cli.module');
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const app = await NestFactory.createApplicationContext(CliModule, { logger: new PinoNestLogger(logger) });
  try {
    await line.sub.run(app, line.positionals, line.args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${usage(COMMANDS, line.command, line.name)}`);
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
