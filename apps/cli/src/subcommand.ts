import { INestApplicationContext } from '@nestjs/common';
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
export interface Subcommand {
  summary: string;
  /** Positional arguments after the subcommand, by the names the usage shows; all required. */
  positionals?: string[];
  options?: Record<string, OptionSpec>;
  run(app: INestApplicationContext, positionals: string[], args: CliArgs): Promise<void>;
}

/** A command's subcommands by name. */
export type CommandGroup = Record<string, Subcommand>;
