import { SiteRedirectDoc } from './site-redirect.projection';

/** The spec's SiteRedirect; `updatedAt` only once it was changed. */
export function siteRedirectResource(doc: SiteRedirectDoc) {
  return {
    object: 'site-redirect' as const,
    id: doc.id,
    source: doc.source,
    draft: doc.draft,
    captureWildcard: doc.captureWildcard,
    permanent: doc.permanent,
    destination: doc.destination,
    createdAt: doc.createdAt,
    ...(doc.updatedAt !== undefined ? { updatedAt: doc.updatedAt } : {}),
  };
}

export type SiteRedirectResource = ReturnType<typeof siteRedirectResource>;
