import { Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { reservationDecider } from '@folio/platform/reservations/reservation.decider';
import { reservationStream } from '@folio/platform/reservations/reservation.events';

/** A name a site holds alone: a basename within its organization, or a custom hostname across Folio. */
export type SiteName = { kind: 'basename'; organizationId: string; value: string } | { kind: 'hostname'; value: string };

/**
 * A name's reservation stream. A hostname's is the one identity reserves organizations' hostnames on, so a
 * site and an organization never hold one hostname; a basename's is scoped by its organization (ids are
 * case-sensitive, so the organization is kept apart from the case-folded basename).
 */
export function siteNameStream(name: SiteName): string {
  return name.kind === 'hostname' ? reservationStream('hostname', name.value) : `basenameReservation-${name.organizationId}/${name.value.trim().toLowerCase()}`;
}

/** One name as its stream holds it: `Docs` and `docs` are one basename. */
const sameName = (a: SiteName | null, b: SiteName | null) => a !== null && b !== null && siteNameStream(a) === siteNameStream(b);

/**
 * Site names held through reservations (platform/reservations), as identity holds emails and hostnames:
 * the new name is reserved first (409 when another owner holds it), the site's write runs, then the old
 * name is let go; a failed write gives the new one back. A crash between the steps leaves a name reserved
 * by the site that does not show it, never two sites showing one name.
 */
@Injectable()
export class SiteNames {
  constructor(private readonly aggregates: Aggregates) {}

  async change<T>(caller: Caller, siteId: string, previous: SiteName | null, next: SiteName | null, write: () => Promise<T>): Promise<T> {
    if (sameName(previous, next)) return write();
    if (next) await this.reservation(caller, 'Reserve', next, siteId);
    let result: T;
    try {
      result = await write();
    } catch (error) {
      if (next) await this.reservation(caller, 'Release', next, siteId);
      throw error;
    }
    if (previous) await this.reservation(caller, 'Release', previous, siteId);
    return result;
  }

  /** Lets a deleted site's names go (only a name the site holds is released: safe to run twice). */
  async release(caller: Caller, siteId: string, names: SiteName[]): Promise<void> {
    for (const name of names) await this.reservation(caller, 'Release', name, siteId);
  }

  private reservation(caller: Caller, type: 'Reserve' | 'Release', name: SiteName, ownerId: string) {
    return this.aggregates.handle(siteNameStream(name), reservationDecider, { type, kind: name.kind, value: name.value, ownerId }, caller);
  }
}

/** The names a site shows now, as reservations name them. */
export function namesOf(site: { organizationId: string; basename: string | null; hostname?: string | null }): { basename: SiteName | null; hostname: SiteName | null } {
  return {
    basename: site.basename !== null ? { kind: 'basename', organizationId: site.organizationId, value: site.basename } : null,
    hostname: site.hostname ? { kind: 'hostname', value: site.hostname } : null,
  };
}
