import { Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { reservationDecider } from '@folio/platform/reservations/reservation.decider';
import { slugKey } from './openapi-spec.projection';

/** A slug's reservation stream, scoped by its organization (ids are case-sensitive; the slug is case-folded). */
const slugStream = (organizationId: string, slug: string) => `openapiSlugReservation-${organizationId}/${slugKey(slug)}`;

/**
 * A spec's slug is unique within its organization through a reservation (platform/reservations), as a
 * site's basename is: reserved before the spec is created (409 when another spec holds it), given back
 * when the creation fails or the spec is deleted. Only the holder releases, so a release runs twice safely.
 */
@Injectable()
export class SpecSlugs {
  constructor(private readonly aggregates: Aggregates) {}

  /** Runs `create` holding the slug; a failed creation lets it go again. */
  async holding<T>(caller: Caller, organizationId: string, slug: string, specId: string, create: () => Promise<T>): Promise<T> {
    await this.reservation(caller, 'Reserve', organizationId, slug, specId);
    try {
      return await create();
    } catch (error) {
      await this.release(caller, organizationId, slug, specId);
      throw error;
    }
  }

  release(caller: Caller, organizationId: string, slug: string, specId: string) {
    return this.reservation(caller, 'Release', organizationId, slug, specId);
  }

  private reservation(caller: Caller, type: 'Reserve' | 'Release', organizationId: string, slug: string, ownerId: string) {
    return this.aggregates.handle(slugStream(organizationId, slug), reservationDecider, { type, kind: 'openapiSlug' as const, value: slug, ownerId }, caller);
  }
}
