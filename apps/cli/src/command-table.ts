import { audit } from './commands/audit';
import { exportCommand, importCommand } from './commands/folders';
import { projections } from './commands/projections';
import { tokens } from './commands/tokens';
import { users } from './commands/users';
import { CommandTable } from './usage';

/** Every command of the CLI: what `main` runs and what every usage text is printed from. */
export const COMMANDS: CommandTable = { users, tokens, projections, audit, import: importCommand, export: exportCommand };
