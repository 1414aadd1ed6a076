import { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { systemCaller } from '@folio/platform/auth/caller';
import { CreateUser, IssueApiToken, RevokeApiToken } from '@folio/identity/users/user.commands';
import { CliArgs, option, print } from '../cli-io';

const caller = () => systemCaller(`cli-${process.pid}-${Date.now()}`, 'script');

export async function users(app: INestApplicationContext, [action]: string[], args: CliArgs) {
  if (action !== 'create') throw new UsageError('users create --email E [--name N]');
  print(await app.get(CommandBus).execute(new CreateUser(caller(), option(args, 'email'), args.name as string | undefined)));
}

export async function tokens(app: INestApplicationContext, [action]: string[], args: CliArgs) {
  const commands = app.get(CommandBus);
  if (action === 'create') {
    const userId = option(args, 'user');
    const { tokenId, token } = await commands.execute(new IssueApiToken(caller(), userId));
    print({ userId, tokenId, token });
  } else if (action === 'revoke') {
    await commands.execute(new RevokeApiToken(caller(), option(args, 'token')));
    print({ revoked: true });
  } else {
    throw new UsageError('tokens create --user ID | tokens revoke --token T');
  }
}

export class UsageError extends Error {}
