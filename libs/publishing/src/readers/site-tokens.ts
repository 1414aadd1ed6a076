import { Inject, Injectable } from '@nestjs/common';
import { Reader } from '@folio/platform/auth/reader';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { SECRET } from '@folio/platform/config/secret';
import { SiteTokenVerifier } from '@folio/platform/http/site-token-verifier';
import { signSiteToken, verifySiteToken } from './site-token';

/** Site tokens made and checked with the server secret, Folio's public URL as their issuer. */
@Injectable()
export class SiteTokens extends SiteTokenVerifier {
  constructor(
    @Inject(SECRET) private readonly secret: string,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** A token for `reader`, valid SITE_TOKEN_TTL_S seconds; `spaces` are the spaces the site shows it now. */
  mint(reader: Reader, spaces: string[]): Promise<string> {
    return signSiteToken(reader, spaces, this.secret, this.config.publicUrl, this.clock.now(), this.config.siteTokenTtlSeconds);
  }

  verify(token: string): Promise<Reader | null> {
    return verifySiteToken(token, this.secret, this.config.publicUrl, this.clock.now());
  }
}
