import { SiteDoc } from '../sites/site.projection';
import { sitePublishedUrl } from '../sites/site.resource';
import { ShareLinkDoc } from './share-link.projection';

/**
 * Where a share link opens its site: the site's published URL with the link's key as `shareKey`, the
 * query parameter the API resolves share-link content with.
 */
export function shareLinkUrl(site: Pick<SiteDoc, 'id' | 'organizationId' | 'basename'>, key: string, publicUrl: string): string {
  return `${sitePublishedUrl(site, publicUrl)}?shareKey=${encodeURIComponent(key)}`;
}

/** The spec's ShareLink. The key itself is no field of it: it travels in `urls.published`. */
export function shareLinkResource(doc: ShareLinkDoc, site: Pick<SiteDoc, 'id' | 'organizationId' | 'basename'>, publicUrl: string) {
  return {
    object: 'share-link' as const,
    id: doc.id,
    createdAt: doc.createdAt,
    name: doc.name,
    active: doc.active,
    urls: { published: shareLinkUrl(site, doc.key, publicUrl) },
  };
}

export type ShareLinkResource = ReturnType<typeof shareLinkResource>;
