import { CommandLine, parseCommandLine } from './command-line';
import { COMMANDS } from './command-table';

const parse = (...argv: string[]) => parseCommandLine(COMMANDS, argv);
const SUBCOMMANDS = Object.entries(COMMANDS).flatMap(([command, group]) => Object.keys(group).map((name) => [command, name]));

function expectUsage(line: CommandLine, exitCode: 0 | 2, firstUsageLine: RegExp) {
  if (!('text' in line)) throw new Error(`expected a usage, got a run of ${line.command} ${line.name}`);
  expect(line.exitCode).toBe(exitCode);
  expect(line.text.split('\n').find((l) => l.startsWith('usage: '))).toMatch(firstUsageLine);
}

describe('the CLI command line', () => {
  it('knows the commands the README documents', () =>
    expect(SUBCOMMANDS.map((s) => s.join(' '))).toEqual([
      'users create',
      'users list',
      'tokens create',
      'tokens list',
      'tokens revoke',
      'projections rebuild',
      'projections status',
      'audit stream',
      'audit org',
      'audit cr',
      'import space',
      'export space',
    ]));

  it('answers --help and -h with the whole usage, listing every subcommand', () => {
    for (const flag of ['--help', '-h']) {
      const line = parse(flag);
      expectUsage(line, 0, /^usage: folio <command> <subcommand>/);
      for (const [command, name] of SUBCOMMANDS) expect((line as { text: string }).text).toContain(`\n  ${command} ${name}`);
    }
  });

  it.each(Object.keys(COMMANDS))('answers %s --help and -h with that command’s subcommands only', (command) => {
    for (const flag of ['--help', '-h']) {
      const line = parse(command, flag);
      expectUsage(line, 0, new RegExp(`^usage: folio ${command} <subcommand>`));
      const rows = (line as { text: string }).text.split('\n').filter((l) => l.startsWith('  '));
      expect(rows.map((r) => r.trim().split(' ').slice(0, 2).join(' '))).toEqual(Object.keys(COMMANDS[command]).map((n) => `${command} ${n}`));
    }
  });

  it.each(SUBCOMMANDS)('answers %s %s --help and -h with its own usage, the line the whole usage shows', (command, name) => {
    const whole = (parse('--help') as { text: string }).text;
    for (const flag of ['--help', '-h']) {
      // Help wins over anything else on the line, even missing required options.
      const line = parse(command, name, flag);
      expectUsage(line, 0, new RegExp(`^usage: folio ${command} ${name}\\b`));
      const synopsis = (line as { text: string }).text.split('\n')[0].replace('usage: folio ', '');
      expect(whole).toContain(`\n  ${synopsis} `);
    }
  });

  it.each([
    [[], /^usage: folio <command>/, 'no command given'],
    [['nosuch'], /^usage: folio <command>/, 'unknown command: nosuch'],
    [['toString'], /^usage: folio <command>/, 'unknown command: toString'],
    [['users'], /^usage: folio users <subcommand>/, 'no users subcommand given'],
    [['users', 'nosuch'], /^usage: folio users <subcommand>/, 'unknown subcommand: users nosuch'],
    [['users', 'constructor'], /^usage: folio users <subcommand>/, 'unknown subcommand: users constructor'],
    [['users', 'create'], /^usage: folio users create --email E \[--name N\]$/, '--email is required'],
    [['users', 'create', '--email'], /^usage: folio users create/, "Option '--email <value>' argument missing"],
    [['users', 'create', '--email', 'a@b.io', '--bogus'], /^usage: folio users create/, "Unknown option '--bogus'"],
    [['users', 'create', '--email', 'a@b.io', 'extra'], /^usage: folio users create/, 'expected no arguments, got 1'],
    [['audit', 'stream'], /^usage: folio audit stream <streamName>$/, 'expected <streamName>, got 0'],
    [['audit', 'org', 'a', 'b'], /^usage: folio audit org <organizationId>/, 'expected <organizationId>, got 2'],
    [['tokens', 'list'], /^usage: folio tokens list --user ID/, '--user is required'],
    [['import', 'space', 's1', 'dir', '--merge', 'yes'], /^usage: folio import space <spaceId> <dir> \[--merge\]$/, 'expected <spaceId> <dir>, got 3'],
  ])('refuses %j with the usage and exit 2', (argv, usage, problem) => {
    const line = parseCommandLine(COMMANDS, argv as string[]);
    expectUsage(line, 2, usage);
    expect((line as { text: string }).text.startsWith(problem)).toBe(true);
  });

  it('hands a well-formed line to its subcommand', () => {
    const line = parse('audit', 'org', 'org1', '--limit', '5');
    expect(line).toMatchObject({ command: 'audit', name: 'org', positionals: ['org1'], args: { limit: '5' } });
    expect(line).toHaveProperty('sub', COMMANDS.audit.org);
  });

  it('takes a flag without a value', () => {
    expect(parse('import', 'space', 's1', 'dir', '--merge')).toMatchObject({ positionals: ['s1', 'dir'], args: { merge: true } });
    expect(parse('import', 'space', 's1', 'dir')).toMatchObject({ args: {} });
  });
});
