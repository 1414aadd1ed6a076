import { CommandBus } from '@nestjs/cqrs';
import { NotFound } from '@folio/platform/domain/errors';
import { IssueApiToken, RevokeApiToken } from '@folio/identity/users/user.commands';
import { UserReads } from '@folio/identity/users/user.reads';
import { PAGING, print, printPages, UsageError } from '../cli-io';
import { CommandGroup } from '../subcommand';
import { cliCaller } from './caller';

export const tokens: CommandGroup = {
  create: {
    summary: 'issue another API token; prints {"userId","tokenId","token"}',
    options: { user: { value: 'ID', required: true } },
    run: async (app, _positionals, args) => {
      const userId = args.user as string;
      const { tokenId, token } = await app.get(CommandBus).execute(new IssueApiToken(cliCaller(), userId));
      print({ userId, tokenId, token });
    },
  },
  list: {
    summary: 'a user\'s tokens, oldest first: {"tokenId","createdAt","active","revokedAt"} per line (never the secret)',
    options: { user: { value: 'ID', required: true }, ...PAGING },
    run: async (app, _positionals, args) => {
      const reads = app.get(UserReads);
      const userId = args.user as string;
      if (!(await reads.user(userId))) throw new NotFound('user');
      await printPages(args, async (list) => {
        const page = await reads.tokensOf(userId, list);
        const items = page.items.map((t) => ({ tokenId: t.id, createdAt: t.issuedAt, active: !t.revokedAt, revokedAt: t.revokedAt ?? null }));
        return { ...page, items };
      });
    },
  },
  revoke: {
    summary: 'revoke a token, given its secret or its id (one of the two)',
    options: { token: { value: 'T' }, id: { value: 'ID' } },
    run: async (app, _positionals, args) => {
      if ((args.token === undefined) === (args.id === undefined)) throw new UsageError('give exactly one of --token and --id');
      const ref = args.token !== undefined ? { secret: args.token as string } : { id: args.id as string };
      await app.get(CommandBus).execute(new RevokeApiToken(cliCaller(), ref));
      print({ revoked: true });
    },
  },
};
