import type { INestApplicationContext } from '@nestjs/common';
import type { FolioConfig } from '@folio/platform/config/config';
import { CliArgs } from './cli-io';

export interface OptionSpec {
  /** The value's placeholder in the usage (`--email E`); a flag (`--merge`) takes none. */
  value: string;
  required?: boolean;
  /** A switch without a value, true when given. */
  flag?: boolean;
}

/**
 * One `folio <command> <subcommand>`: what it takes and what it does. The usage text and the checks of
 * the command line are both derived from these fields, so they cannot disagree.
 */
export type Subcommand = {
  summary: string;
  /** Positional arguments after the subcommand, by the names the usage shows; all required. */
  positionals?: string[];
  options?: Record<string, OptionSpec>;
} & (
  | { run(app: INestApplicationContext, positionals: string[], args: CliArgs): Promise<void> }
  /**
   * Run without the application context, for work that needs the stores and nothing else (a rebuild):
   * loading and bootstrapping every module takes seconds, longer than replaying 100k events.
   */
  | { runAlone(config: FolioConfig, positionals: string[], args: CliArgs): Promise<void> }
);

/** A command's subcommands by name. */
export type CommandGroup = Record<string, Subcommand>;
