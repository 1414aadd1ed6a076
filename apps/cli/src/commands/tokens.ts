import { NotFound } from '@folio/platform/domain/errors';
import { PAGING, print, printPages, UsageError } from '../cli-io';
import { CommandGroup } from '../subcommand';
import { cliCaller } from './caller';

/** What the runs import, loaded when one runs: every start of the CLI loads the command table (command-table.ts). */
const load = async () => ({
  ...(await import('@nestjs/cqrs')),
  ...(await import('@folio/platform/http/validation')),
  ...(await import('@folio/identity/users/api-token.dto')),
  ...(await import('@folio/identity/users/token-usage/token-usage')),
  ...(await import('@folio/identity/users/user.commands')),
  ...(await import('@folio/identity/users/user.reads')),
});

export const tokens: CommandGroup = {
  create: {
    summary: 'issue another API token, named by --label (as POST /user/tokens judges it) or unnamed; prints {"userId","tokenId","label","token"}',
    options: { user: { value: 'ID', required: true }, label: { value: 'L' } },
    run: async (app, _positionals, args) => {
      const { CommandBus, CreateApiTokenBody, IssueApiToken, validatedBody } = await load();
      const userId = args.user as string;
      const label = args.label === undefined ? undefined : (await validatedBody(CreateApiTokenBody, { label: args.label })).label;
      const { tokenId, token } = await app.get(CommandBus).execute(new IssueApiToken(cliCaller(), userId, label));
      print({ userId, tokenId, label: label ?? null, token });
    },
  },
  list: {
    summary:
      'a user\'s tokens, oldest first: {"tokenId","label","createdAt","lastUsedAt","active","revokedAt"} per line (never the secret; label and lastUsedAt may be null)',
    options: { user: { value: 'ID', required: true }, ...PAGING },
    run: async (app, _positionals, args) => {
      const { TokenUsage, UserReads } = await load();
      const reads = app.get(UserReads);
      const userId = args.user as string;
      if (!(await reads.user(userId))) throw new NotFound('user');
      await printPages(args, async (list) => {
        const page = await reads.tokensOf(userId, list);
        const used = await app.get(TokenUsage).lastUsed(page.items.map((t) => t.id));
        const items = page.items.map((t) => ({
          tokenId: t.id,
          label: t.label ?? null,
          createdAt: t.issuedAt,
          lastUsedAt: used.get(t.id) ?? null,
          active: !t.revokedAt,
          revokedAt: t.revokedAt ?? null,
        }));
        return { ...page, items };
      });
    },
  },
  revoke: {
    summary: 'revoke a token, given its secret or its id (one of the two)',
    options: { token: { value: 'T' }, id: { value: 'ID' } },
    run: async (app, _positionals, args) => {
      if ((args.token === undefined) === (args.id === undefined)) throw new UsageError('give exactly one of --token and --id');
      const { CommandBus, RevokeApiToken } = await load();
      const ref = args.token !== undefined ? { secret: args.token as string } : { id: args.id as string };
      await app.get(CommandBus).execute(new RevokeApiToken(cliCaller(), ref));
      print({ revoked: true });
    },
  },
};
