import { Source } from '../event-store/event-store.port';
import { Reader } from './reader';

/** Who issued a command or query, and under which request: becomes the events' metadata. */
export interface Caller {
  /** A user id, or `system` for Folio's own work. */
  userId: string;
  source: Source;
  correlationId: string;
  /** Set for the bearer of a site token (its userId is then `readerUserId(siteId)`): what it may read. */
  reader?: Reader;
  /**
   * Set only by publishing's reader checks, never from a request: Folio reading a published site's
   * structure as every visitor sees it, with `read` on the spaces of this organization (the site, not the
   * caller's permissions, decides which it shows).
   */
  siteView?: { organizationId: string };
}

export const systemCaller = (correlationId: string, source: Source = 'system'): Caller => ({
  userId: 'system',
  source,
  correlationId,
});
