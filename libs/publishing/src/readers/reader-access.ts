import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Reader } from '@folio/platform/auth/reader';
import { Clock } from '@folio/platform/clock';
import { NotFound } from '@folio/platform/domain/errors';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { KeptWhileUnchanged } from '@folio/platform/read-store/kept-while-unchanged';
import { EMPTY_ADAPTIVE_SCHEMA } from '../adaptive/adaptive-schema';
import { AdaptiveSchemaReads } from '../adaptive/adaptive-schema.reads';
import { ReaderStructures } from '../published/reader-structures';
import { ReaderSpaces } from '../public/reader-spaces.query';
import { ShareLinkReads } from '../share-links/share-link.reads';
import { SITES, SiteDoc } from '../sites/site.projection';

/** Readers' answers kept: a set of space ids each, one per (site, claims, share key) in use. */
const MAX_KEPT = 1_000;

/**
 * What a site token's bearer may read, checked live: its site still exists in its organization and is
 * published, a `share-link` site's link (the token's key) is still active, and the spaces are those of the
 * site spaces its published structure shows for the token's claims (drafts, binned spaces and what a
 * condition hides are out). A renderer asks on every call of a page view, so the answer is kept per
 * (site, claims, share key) while the read models are unchanged.
 */
@Injectable()
export class ReaderAccess {
  private readonly kept: KeptWhileUnchanged<ReadonlySet<string> | null>;

  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly shareLinks: ShareLinkReads,
    private readonly structures: ReaderStructures,
    private readonly schemas: AdaptiveSchemaReads,
    clock: Clock,
  ) {
    this.kept = new KeptWhileUnchanged(reads, clock, MAX_KEPT);
  }

  /** The spaces `reader` may read; null when it may read nothing. */
  spaces(reader: Reader): Promise<ReadonlySet<string> | null> {
    const key = JSON.stringify([reader.siteId, reader.organizationId, reader.shareKey ?? null, reader.authenticated ?? false, reader.claims]);
    return this.kept.get(key, () => this.decide(reader));
  }

  /**
   * Refuses (404, naming `what`) a reader asking for another site or organization than its own, or whose
   * site is closed to it: what every publishing read open to readers checks before anything else.
   */
  async open(reader: Reader, organizationId: string, siteId: string, what = 'site'): Promise<void> {
    if (reader.siteId !== siteId || reader.organizationId !== organizationId || (await this.spaces(reader)) === null) throw new NotFound(what);
  }

  private async decide(reader: Reader): Promise<ReadonlySet<string> | null> {
    const site = await this.reads.get<SiteDoc>(SITES, reader.siteId);
    if (!site || site.organizationId !== reader.organizationId || !site.published) return null;
    if (site.visibility === 'share-link' && !(reader.shareKey !== undefined && (await this.shareLinks.activeShareLink(site.id, reader.shareKey)))) return null;
    // A token made for an anonymous visitor while the site was open does not outlive its turning to visitor auth.
    if (site.visibility === 'visitor-auth' && !reader.authenticated) return null;
    // What the resolve that minted the token walked: the site as it shows itself to a visitor with these claims.
    const schema = (await this.schemas.schema(site.id))?.jsonSchema ?? EMPTY_ADAPTIVE_SCHEMA;
    return new Set((await this.structures.of(site, schema, reader.claims))?.spaceIds ?? []);
  }
}

@QueryHandler(ReaderSpaces)
export class ReaderSpacesHandler implements IQueryHandler<ReaderSpaces> {
  constructor(private readonly access: ReaderAccess) {}

  execute({ reader }: ReaderSpaces) {
    return this.access.spaces(reader);
  }
}
