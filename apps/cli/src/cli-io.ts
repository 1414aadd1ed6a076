/** Parsed `--name value` options. */
export type CliArgs = Record<string, string | boolean | undefined>;

/** The CLI's answer: one JSON line on stdout. Everything else (logs, progress) goes to stderr. */
export function print(value: unknown) {
  process.stdout.write(`${JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`);
}

export function option(args: CliArgs, name: string): string {
  const value = args[name];
  if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required`);
  return value;
}
