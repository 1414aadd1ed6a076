import { Inject, Injectable } from '@nestjs/common';
import { fold, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { TokenVerifier } from '@folio/platform/http/token-verifier';
import { hashToken } from './api-token';
import { API_TOKENS, ApiTokenDoc, USERS, UserDoc } from './user.projection';

/** The identity context's reads of its user and token read models. */
@Injectable()
export class UserReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  user(userId: string): Promise<UserDoc | null> {
    return this.reads.get<UserDoc>(USERS, userId);
  }

  async byEmail(email: string): Promise<UserDoc | null> {
    const page = await this.reads.find<UserDoc>(USERS, { filter: { emailFolded: fold(email.trim()) }, limit: 1 });
    return page.items[0] ?? null;
  }

  token(token: string): Promise<ApiTokenDoc | null> {
    return this.reads.get<ApiTokenDoc>(API_TOKENS, hashToken(token));
  }
}

@Injectable()
export class ReadModelTokenVerifier extends TokenVerifier {
  constructor(private readonly users: UserReads) {
    super();
  }

  async verify(token: string): Promise<string | null> {
    return (await this.users.token(token))?.userId ?? null;
  }
}
