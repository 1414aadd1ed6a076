import { CommandBus } from '@nestjs/cqrs';
import { CreateUser } from '@folio/identity/users/user.commands';
import { UserReads } from '@folio/identity/users/user.reads';
import { PAGING, print, printPages } from '../cli-io';
import { CommandGroup } from '../subcommand';
import { cliCaller } from './caller';

export const users: CommandGroup = {
  create: {
    summary: 'create a user; prints {"id","email","token"}',
    options: { email: { value: 'E', required: true }, name: { value: 'N' } },
    run: async (app, _positionals, args) => {
      print(await app.get(CommandBus).execute(new CreateUser(cliCaller(), args.email as string, args.name as string | undefined)));
    },
  },
  list: {
    summary: 'users, oldest first: {"id","email","displayName","createdAt"} per line',
    options: PAGING,
    run: async (app, _positionals, args) => {
      const reads = app.get(UserReads);
      await printPages(args, async (list) => {
        const page = await reads.list(list);
        // Spelled out, so that no field added to the read model later is printed unasked.
        return { ...page, items: page.items.map(({ id, email, displayName, createdAt }) => ({ id, email, displayName, createdAt })) };
      });
    },
  },
};
