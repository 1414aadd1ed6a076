import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { jwtVerify } from 'jose';
import { visitorClaimsOf } from '@folio/platform/auth/visitor-claims';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { SECRET } from '@folio/platform/config/secret';
import { VerifyVisitorToken } from '../public/visitor-token.query';
import { VISITOR_AUDIENCE } from './visitor-claims';

@QueryHandler(VerifyVisitorToken)
export class VerifyVisitorTokenHandler implements IQueryHandler<VerifyVisitorToken> {
  constructor(
    @Inject(CONFIG) private readonly config: FolioConfig,
    @Inject(SECRET) private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  async execute({ organizationId, token }: VerifyVisitorToken): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(this.secret), {
        algorithms: ['HS256'],
        issuer: this.config.publicUrl,
        audience: VISITOR_AUDIENCE,
        currentDate: this.clock.now(),
      });
      if (payload.organization !== organizationId) return null;
      return visitorClaimsOf(payload);
    } catch {
      // Malformed, forged or expired: not a visitor this organization knows.
      return null;
    }
  }
}
