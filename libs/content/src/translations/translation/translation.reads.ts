import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { ContentAccess, ResourcePermissions } from '@folio/content/access/content-access';
import { TRANSLATIONS, TranslationDoc } from './translation.projection';

/** What a caller may do with an organization's translations: any member reads, `createContent` writes and runs. */
export type TranslationPermissions = ResourcePermissions;

/** Reads of the translations read model, under the organization the request went through. */
@Injectable()
export class TranslationReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly access: ContentAccess,
  ) {}

  /** The caller's permissions on the organization's translations; 404 for a stranger. */
  async permissions(caller: Caller, organizationId: string): Promise<TranslationPermissions> {
    return this.access.organizationResource(caller, organizationId, 'createContent');
  }

  async translation(organizationId: string, translationId: string): Promise<TranslationDoc> {
    const doc = await this.reads.get<TranslationDoc>(TRANSLATIONS, translationId);
    if (!doc || doc.organizationId !== organizationId) throw new NotFound('translation');
    return doc;
  }

  /** Newest first. */
  list(organizationId: string, list: ListQuery) {
    return findPage<TranslationDoc>(this.reads, TRANSLATIONS, { filter: { organizationId }, sort: { field: 'createdAt', direction: 'desc' } }, list);
  }
}
