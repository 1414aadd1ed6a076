import { Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { ContentAccess, ResourcePermissions } from '@folio/content/access/content-access';
import { OpenAPISpecDoc } from './openapi-spec.projection';

export type SpecPermissions = ResourcePermissions;

/**
 * Who may do what with an organization's specs: every member reads them, `createOpenAPISpec` (create
 * and up) writes them, a stranger learns nothing (404). A site token's reader reads a `public` spec of
 * its site's organization, and nothing else.
 */
@Injectable()
export class OpenAPISpecAccess {
  constructor(private readonly access: ContentAccess) {}

  /** The caller's permissions on the organization's specs (NotFound for a stranger). */
  async permissions(caller: Caller, organizationId: string): Promise<SpecPermissions> {
    return this.access.organizationResource(caller, organizationId, 'createOpenAPISpec');
  }

  /** Refuses (404 stranger, 403 member) a caller who may not write the organization's specs. */
  async editor(caller: Caller, organizationId: string, what: string): Promise<SpecPermissions> {
    const permissions = await this.permissions(caller, organizationId);
    assertAllowed(permissions.edit, what);
    return permissions;
  }

  /** Whether a site token's reader may read `spec`: one `public` in its site's organization (404 otherwise). */
  assertReaderMay(caller: Caller, spec: OpenAPISpecDoc | null): OpenAPISpecDoc {
    if (!spec || caller.reader?.organizationId !== spec.organizationId || spec.visibility !== 'public') throw new NotFound('OpenAPI spec');
    return spec;
  }
}
