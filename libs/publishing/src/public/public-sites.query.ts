import { Query } from '@nestjs/cqrs';

/**
 * Another context's question to publishing: which published sites anyone may read (visibility `public` or
 * `unlisted`) show this space, oldest first (ids). Empty when none does: its content is private (share-link
 * and visitor-auth sites included). Content asks it to choose a file's download URL (content-addressed
 * under such a site, or signed and expiring) and to check such a URL when it is followed.
 */
export class GetPublicSitesOfSpace extends Query<string[]> {
  constructor(readonly spaceId: string) {
    super();
  }
}
