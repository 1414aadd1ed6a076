import { parseArgs } from 'node:util';
import { CliArgs } from './cli-io';
import { Subcommand } from './subcommand';
import { CommandTable, usage } from './usage';

/** A subcommand to run with its arguments, or a usage to print and the exit code that goes with it. */
export type CommandLine =
  | { sub: Subcommand; command: string; name: string; positionals: string[]; args: CliArgs }
  | { text: string; exitCode: 0 | 2 };

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h';

/** Own properties only: `folio toString` is an unknown command, not Object.prototype's. */
const lookup = <T>(table: Record<string, T>, key: string | undefined) =>
  key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;

/** Help goes to stdout with exit 0; wrong use to stderr with exit 2, after what was wrong. */
const help = (text: string): CommandLine => ({ text, exitCode: 0 });
const wrong = (problem: string, text: string): CommandLine => ({ text: `${problem}\n${text}`, exitCode: 2 });

/**
 * `folio <command> <subcommand> [positionals] [--options]`, checked against the table: the options a
 * subcommand declares (and `--help`/`-h`, at every level), its positionals, its required options.
 */
export function parseCommandLine(table: CommandTable, argv: string[]): CommandLine {
  const [command, name, ...rest] = argv;
  const group = lookup(table, command);
  if (!group) {
    if (isHelp(command)) return help(usage(table));
    return wrong(command === undefined ? 'no command given' : `unknown command: ${command}`, usage(table));
  }
  const sub = lookup(group, name);
  if (!sub || name === undefined) {
    if (isHelp(name)) return help(usage(table, command));
    return wrong(name === undefined ? `no ${command} subcommand given` : `unknown subcommand: ${command} ${name}`, usage(table, command));
  }
  const subUsage = usage(table, command, name);
  let parsed;
  try {
    const options = Object.fromEntries(Object.entries(sub.options ?? {}).map(([option, spec]) => [option, { type: spec.flag ? ('boolean' as const) : ('string' as const) }]));
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return wrong((error as Error).message, subUsage);
  }
  const args: CliArgs = parsed.values;
  if (args.help) return help(subUsage);
  const expected = sub.positionals ?? [];
  if (parsed.positionals.length !== expected.length) {
    return wrong(`expected ${expected.join(' ') || 'no arguments'}, got ${parsed.positionals.length}`, subUsage);
  }
  for (const [option, spec] of Object.entries(sub.options ?? {})) {
    if (spec.required && !args[option]) return wrong(`--${option} is required`, subUsage);
  }
  return { sub, command, name, positionals: parsed.positionals, args };
}
