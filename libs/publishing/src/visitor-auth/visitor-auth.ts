import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify } from 'jose';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { visitorClaimsOf } from '@folio/platform/auth/visitor-claims';
import { Clock } from '@folio/platform/clock';
import { SECRET } from '@folio/platform/config/secret';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { initialState, VisitorAuthState, visitorAuthDecider } from './visitor-auth.decider';
import { VisitorAuthSettings, visitorAuthStream } from './visitor-auth.events';
import { SITE_VISITOR_AUTH, SiteVisitorAuthDoc } from './visitor-auth.projection';
import { visitorKeyOf } from './visitor-key';

/**
 * A site's visitor authentication: its settings, its key (derived, see visitor-key.ts), and the check of
 * a token its backend signed with that key (HS256), whose claims then say who the visitor is.
 */
@Injectable()
export class SiteVisitorAuth {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(SECRET) private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  async state(siteId: string): Promise<VisitorAuthState> {
    return (await this.reads.get<SiteVisitorAuthDoc>(SITE_VISITOR_AUTH, siteId)) ?? initialState;
  }

  /** The spec's SitePublishingAuth. */
  async resource(siteId: string) {
    const { backend, fallbackURL, logoutURL, generation } = await this.state(siteId);
    return {
      object: 'publishing-auth' as const,
      backend,
      privateKey: visitorKeyOf(this.secret, siteId, generation),
      ...(fallbackURL !== null ? { fallbackURL } : {}),
      ...(logoutURL !== null ? { logoutURL } : {}),
    };
  }

  async change(caller: Caller, site: { id: string; organizationId: string }, changes: Partial<VisitorAuthSettings> | 'regenerate') {
    const ref = { siteId: site.id, organizationId: site.organizationId };
    const command = changes === 'regenerate' ? { type: 'RegenerateVisitorKey' as const, ...ref } : { type: 'ChangeVisitorAuth' as const, ...ref, changes };
    await this.aggregates.handle(visitorAuthStream(site.id), visitorAuthDecider, command, caller);
    return this.resource(site.id);
  }

  /** The claims of a token the site's backend signed with its current key; null for anything else. */
  async claims(siteId: string, token: string): Promise<Record<string, unknown> | null> {
    const { generation } = await this.state(siteId);
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(visitorKeyOf(this.secret, siteId, generation)), {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      return visitorClaimsOf(payload);
    } catch {
      return null;
    }
  }
}
