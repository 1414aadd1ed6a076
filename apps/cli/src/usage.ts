import { CommandGroup, Subcommand } from './subcommand';

export type CommandTable = Record<string, CommandGroup>;

/** `users create --email E [--name N]`: a subcommand's command line, from its declaration. */
function synopsis(command: string, name: string, sub: Subcommand): string {
  const options = Object.entries(sub.options ?? {}).map(([option, spec]) => {
    const text = spec.flag ? `--${option}` : `--${option} ${spec.value}`;
    return spec.required ? text : `[${text}]`;
  });
  return [command, name, ...(sub.positionals ?? []), ...options].join(' ');
}

function rows(table: CommandTable, commands: string[]): string {
  const lines = commands.flatMap((command) => Object.entries(table[command]).map(([name, sub]) => [synopsis(command, name, sub), sub.summary]));
  const width = Math.max(...lines.map(([left]) => left.length));
  return lines.map(([left, summary]) => `  ${left.padEnd(width)}  ${summary}`).join('\n');
}

const NOTES = `
-h, --help after any command or subcommand prints its usage.
--limit N prints one page of N items, and on stderr the --page P that continues; without it, every page.`;

/**
 * The usage of the whole CLI, of one command, or of one subcommand: always from the same table.
 * Unknown names fall back to the nearest level that exists.
 */
export function usage(table: CommandTable, command?: string, name?: string): string {
  if (command === undefined || !Object.hasOwn(table, command)) {
    return `usage: folio <command> <subcommand> [options]\n${rows(table, Object.keys(table))}\n${NOTES}\n`;
  }
  const group = table[command];
  if (name === undefined || !Object.hasOwn(group, name)) return `usage: folio ${command} <subcommand> [options]\n${rows(table, [command])}\n`;
  return `usage: folio ${synopsis(command, name, group[name])}\n  ${group[name].summary}\n`;
}
