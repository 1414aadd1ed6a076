#!/usr/bin/env node
// `folio` in the image is a link to this file (Dockerfile), hence the line above.
import 'reflect-metadata';
import { FolioConfig, loadConfig } from '@folio/platform/config/config';
import { describeFatal } from '@folio/platform/startup/startup-error';
import { CliArgs, UsageError } from './cli-io';
import { parseCommandLine } from './command-line';
import { COMMANDS } from './command-table';
import { Subcommand } from './subcommand';
import { usage } from './usage';

async function main(): Promise<number> {
  const line = parseCommandLine(COMMANDS, process.argv.slice(2));
  if ('text' in line) {
    (line.exitCode === 0 ? process.stdout : process.stderr).write(line.text);
    return line.exitCode;
  }
  const config = loadConfig();
  // The distributed stores' clients take a second to load: not for an embedded data directory.
  if (config.eventStoreUrl || config.mongodbUrl) await (await import('@folio/platform/startup/store-reachability')).checkStoresReachable(config);
  const runner = await prepare(line.sub, config);
  try {
    await runner.run(line.positionals, line.args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${usage(COMMANDS, line.command, line.name)}`);
      return 2;
    }
    process.stderr.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
    return 1;
  } finally {
    await runner.close();
  }
}

/** The subcommand, ready to run: with the application context it needs (a failed start is fatal), or alone. */
async function prepare(sub: Subcommand, config: FolioConfig) {
  if ('runAlone' in sub) return { run: (positionals: string[], args: CliArgs) => sub.runAlone(config, positionals, args), close: async () => undefined };
  // Loaded only now (seconds on a busy machine), so that a refused start says so at once.
  const [{ NestFactory }, { CliModule }, { createLogger, PinoNestLogger }] = await Promise.all([
    import('@nestjs/core'),
    import('./cli.module'),
    import('@folio/platform/http/logger'),
  ]);
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const app = await NestFactory.createApplicationContext(CliModule, { logger: new PinoNestLogger(logger) });
  return { run: (positionals: string[], args: CliArgs) => sub.run(app, positionals, args), close: () => app.close() };
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${describeFatal(error)}\n`);
    process.exit(1);
  },
);
