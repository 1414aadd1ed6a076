import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Clock } from '@folio/platform/clock';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GetLiveSpaces } from '@folio/content/public/live-spaces.query';
import { AdaptiveSchema } from '../adaptive/adaptive-schema.events';
import { SiteDoc } from '../sites/site.projection';
import { SiteReads } from '../sites/site.reads';
import { KeptWhileUnchanged } from '@folio/platform/read-store/kept-while-unchanged';
import { readerStructure, ReaderStructure } from './reader-structure';
import { conditionTest } from './visible-structure';

/** Structures kept: one per site and visitor claims (a few KiB for a site of hundreds of sections). */
const MAX_STRUCTURES = 256;

/**
 * What one visitor may reach of a published site (reader-structure.ts), kept per site and claims while the
 * read models are unchanged. One answer for both questions a renderer's visit asks: where a URL leads
 * (the resolve) and which spaces its site token then reads (ReaderAccess), so the two never disagree.
 */
@Injectable()
export class ReaderStructures {
  private readonly kept: KeptWhileUnchanged<ReaderStructure | null>;

  constructor(
    private readonly sites: SiteReads,
    private readonly queries: QueryBus,
    @Inject(READ_STORE) reads: ReadStore,
    clock: Clock,
  ) {
    this.kept = new KeptWhileUnchanged(reads, clock, MAX_STRUCTURES);
  }

  /** Null when the visitor reaches nothing of the site. */
  of(site: SiteDoc, schema: AdaptiveSchema, claims: Record<string, unknown>): Promise<ReaderStructure | null> {
    return this.kept.get(JSON.stringify([site.id, claims]), async () => {
      const tree = await this.sites.structure(site);
      const live = await this.queries.execute(new GetLiveSpaces(site.organizationId, site.spaceIds));
      return readerStructure(tree, live, conditionTest(schema, claims));
    });
  }
}
