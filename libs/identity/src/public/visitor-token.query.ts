import { Query } from '@nestjs/cqrs';

/**
 * Another context's question to identity: the claims of a visitor token (the JWT `POST /orgs/{id}/ping`
 * signs) for this organization, without the JWT's own registered claims; null when the token is not
 * one identity signed, has expired, or is another organization's.
 */
export class VerifyVisitorToken extends Query<Record<string, unknown> | null> {
  constructor(
    readonly organizationId: string,
    readonly token: string,
  ) {
    super();
  }
}
