import { Inject, Injectable } from '@nestjs/common';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { findEvery } from '@folio/platform/read-store/find-every';
import { Filter, fold, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { TokenVerifier } from '@folio/platform/http/token-verifier';
import { LruCache } from '@folio/platform/caching/lru-cache';
import { hashToken } from './api-token';
import { TokenUsage } from './token-usage/token-usage';
import { API_TOKENS, ApiTokenDoc, USER_TOKENS, USERS, UserDoc, UserTokenDoc } from './user.projection';

/** How an address is looked up: users' `emailFolded`, so that addresses match regardless of case. */
const emailKey = (email: string) => fold(email.trim());

/** Token digests kept: more clients than this at once only cost a hash each. */
const TOKEN_DIGESTS = 1024;

/** The identity context's reads of its user and token read models. */
@Injectable()
export class UserReads {
  /**
   * Digests of recently presented tokens: every request hashes its token, and a client sends the same one
   * each time. A digest never goes stale (whether its token is still active is read each time).
   */
  private readonly digests = new LruCache<string, string>(TOKEN_DIGESTS);

  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  user(userId: string): Promise<UserDoc | null> {
    return this.reads.get<UserDoc>(USERS, userId);
  }

  async byEmail(email: string): Promise<UserDoc | null> {
    const page = await this.reads.find<UserDoc>(USERS, { filter: { emailFolded: emailKey(email) }, limit: 1 });
    return page.items[0] ?? null;
  }

  /** The users these addresses name, keyed by each address as given; an address naming no user is absent. */
  async byEmails(emails: string[]): Promise<Map<string, UserDoc>> {
    const keys = [...new Set(emails.map(emailKey))];
    const users = await findEvery<UserDoc>(this.reads, USERS, { emailFolded: { $in: keys } });
    const byKey = new Map(users.map((u) => [u.emailFolded, u]));
    const found = new Map<string, UserDoc>();
    for (const email of emails) {
      const user = byKey.get(emailKey(email));
      if (user) found.set(email, user);
    }
    return found;
  }

  /** Every user, oldest first: for admins (the CLI), who are trusted. */
  list(list: ListQuery) {
    return findPage<UserDoc>(this.reads, USERS, { sort: { field: 'createdAt', direction: 'asc' } }, list);
  }

  /** An active token, found by its secret. */
  token(token: string): Promise<ApiTokenDoc | null> {
    let digest = this.digests.get(token);
    if (digest === undefined) {
      digest = hashToken(token);
      this.digests.set(token, digest);
    }
    return this.reads.get<ApiTokenDoc>(API_TOKENS, digest);
  }

  /** A token, active or revoked, found by its id. */
  tokenById(tokenId: string): Promise<UserTokenDoc | null> {
    return this.reads.get<UserTokenDoc>(USER_TOKENS, tokenId);
  }

  /** A user's tokens, oldest first: revoked ones included, or (`activeOnly`) not. */
  tokensOf(userId: string, list: ListQuery, { activeOnly = false } = {}) {
    const filter: Filter = activeOnly ? { userId, revokedAt: { $exists: false } } : { userId };
    return findPage<UserTokenDoc>(this.reads, USER_TOKENS, { filter, sort: { field: 'issuedAt', direction: 'asc' } }, list);
  }
}

/**
 * Every request's token, checked against the read model each time (so a revoked token is refused at
 * once), its use recorded on the side without waiting (TokenUsage).
 */
@Injectable()
export class ReadModelTokenVerifier extends TokenVerifier {
  constructor(
    private readonly users: UserReads,
    private readonly usage: TokenUsage,
  ) {
    super();
  }

  async verify(token: string): Promise<string | null> {
    const found = await this.users.token(token);
    if (!found) return null;
    this.usage.used(found.tokenId);
    return found.userId;
  }
}
