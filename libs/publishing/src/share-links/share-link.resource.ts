import { ShareLinkDoc } from './share-link.projection';

/**
 * Where a share link opens its site: the link's key as the path segment right after the site's address
 * (`<site URL>/<key>`): GitBook's renderer drops a URL's query, so the key must be part of its path.
 */
export const shareLinkUrl = (siteAddress: string, key: string): string => `${siteAddress}/${encodeURIComponent(key)}`;

/** The spec's ShareLink. The key itself is no field of it: it travels in `urls.published`. */
export function shareLinkResource(doc: ShareLinkDoc, siteAddress: string) {
  return {
    object: 'share-link' as const,
    id: doc.id,
    createdAt: doc.createdAt,
    name: doc.name,
    active: doc.active,
    urls: { published: shareLinkUrl(siteAddress, doc.key) },
  };
}

export type ShareLinkResource = ReturnType<typeof shareLinkResource>;
