import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { isEmail } from 'class-validator';
import { reservationDecider } from '@folio/platform/reservations/reservation.decider';
import { reservationStream } from '@folio/platform/reservations/reservation.events';
import { newApiToken } from './api-token';
import { userDecider } from './user.decider';
import { UserEvent, userStream } from './user.events';
import { UserReads } from './user.reads';

export interface CreatedUser {
  id: string;
  email: string;
  /** Shown once; only its hash is stored. Absent when the user was created without a token. */
  token?: string;
}

export class CreateUser extends Command<CreatedUser> {
  constructor(
    readonly caller: Caller,
    readonly email: string,
    readonly displayName?: string,
    /** Invited users get no token: an admin issues one when they need API access. */
    readonly options: { issueToken: boolean } = { issueToken: true },
  ) {
    super();
  }
}

@CommandHandler(CreateUser)
export class CreateUserHandler implements ICommandHandler<CreateUser> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ caller, email, displayName, options }: CreateUser): Promise<CreatedUser> {
    const address = email.trim();
    if (!isEmail(address, { require_tld: false })) throw new Invalid(`email: ${email} is not an email address`);
    const name = displayName?.trim() || address.split('@')[0];
    const userId = newId();
    // The reservation goes first: if it is refused, no user exists; if the process dies right after it,
    // the address stays held by a user id that never came to be, and an admin frees it (a later issue).
    await this.aggregates.handle(
      reservationStream('email', address),
      reservationDecider,
      { type: 'Reserve', kind: 'email', value: address, ownerId: userId },
      caller,
    );
    const issued = options.issueToken ? newApiToken() : undefined;
    await this.aggregates.handle(
      userStream(userId),
      userDecider,
      {
        type: 'CreateUser',
        userId,
        email: address,
        displayName: name,
        ...(issued ? { token: { tokenId: issued.tokenId, tokenHash: issued.tokenHash } } : {}),
      },
      caller,
    );
    return { id: userId, email: address, ...(issued ? { token: issued.token } : {}) };
  }
}

export interface IssuedApiToken {
  tokenId: string;
  /** Shown once; only its hash is stored. */
  token: string;
  issuedAt: string;
}

export class IssueApiToken extends Command<IssuedApiToken> {
  constructor(
    readonly caller: Caller,
    readonly userId: string,
    /** The holder's name for the token; the CLI may issue one without. */
    readonly label?: string,
  ) {
    super();
  }
}

@CommandHandler(IssueApiToken)
export class IssueApiTokenHandler implements ICommandHandler<IssueApiToken> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ caller, userId, label }: IssueApiToken): Promise<IssuedApiToken> {
    const { token, tokenId, tokenHash } = newApiToken();
    const { events } = await this.aggregates.handle(
      userStream(userId),
      userDecider,
      { type: 'IssueToken', token: { tokenId, tokenHash }, ...(label === undefined ? {} : { label }) },
      caller,
    );
    // IssueToken decides exactly one ApiTokenIssued, or throws.
    const [issued] = events as Extract<UserEvent, { type: 'ApiTokenIssued' }>[];
    return { tokenId, token, issuedAt: issued.data.issuedAt };
  }
}

/**
 * A token is named by its secret (whoever holds it), or by its id: an admin who listed the user's tokens,
 * or (`ownedBy`) a user naming one of their own, who finds only their own active tokens (404 for others').
 */
export type TokenRef = { secret: string } | { id: string; ownedBy?: string };

export class RevokeApiToken extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly token: TokenRef,
  ) {
    super();
  }
}

@CommandHandler(RevokeApiToken)
export class RevokeApiTokenHandler implements ICommandHandler<RevokeApiToken> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly users: UserReads,
  ) {}

  async execute({ caller, token }: RevokeApiToken) {
    const known = await this.find(token);
    if (!known) throw new NotFound('token');
    await this.aggregates.handle(userStream(known.userId), userDecider, { type: 'RevokeToken', tokenId: known.tokenId }, caller);
  }

  /** By secret only active tokens are found; by id revoked ones too (revoking again writes nothing), unless owned is asked. */
  private async find(token: TokenRef): Promise<{ tokenId: string; userId: string } | null> {
    if ('secret' in token) return this.users.token(token.secret);
    const listed = await this.users.tokenById(token.id);
    if (!listed || (token.ownedBy !== undefined && (listed.userId !== token.ownedBy || listed.revokedAt !== undefined))) return null;
    return { tokenId: listed.id, userId: listed.userId };
  }
}
