import { PAGING, print, printPages } from '../cli-io';
import { CommandGroup } from '../subcommand';
import { cliCaller } from './caller';

/** What the runs import, loaded when one runs: every start of the CLI loads the command table (command-table.ts). */
const load = async () => ({
  ...(await import('@nestjs/cqrs')),
  ...(await import('@folio/identity/users/user.commands')),
  ...(await import('@folio/identity/users/user.reads')),
});

export const users: CommandGroup = {
  create: {
    summary: 'create a user; prints {"id","email","token"}',
    options: { email: { value: 'E', required: true }, name: { value: 'N' } },
    run: async (app, _positionals, args) => {
      const { CommandBus, CreateUser } = await load();
      print(await app.get(CommandBus).execute(new CreateUser(cliCaller(), args.email as string, args.name as string | undefined)));
    },
  },
  list: {
    summary: 'users, oldest first: {"id","email","displayName","createdAt"} per line',
    options: PAGING,
    run: async (app, _positionals, args) => {
      const reads = app.get((await load()).UserReads);
      await printPages(args, async (list) => {
        const page = await reads.list(list);
        // Spelled out, so that no field added to the read model later is printed unasked.
        return { ...page, items: page.items.map(({ id, email, displayName, createdAt }) => ({ id, email, displayName, createdAt })) };
      });
    },
  },
};
