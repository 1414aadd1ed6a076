import { FolioConfig } from '@folio/platform/config/config';
import { withETag } from '@folio/platform/http/etag';
import { collectionPermissions } from '@folio/identity/public/content-permissions';
import { CollectionView } from './collection.reads';

/** The Collection resource for one caller. */
export function collectionResource({ collection: c, role }: CollectionView, config: FolioConfig) {
  return withETag({
    object: 'collection' as const,
    id: c.id,
    title: c.title,
    ...(c.description ? { description: c.description } : {}),
    organization: c.organizationId,
    ...(c.parent ? { parent: c.parent } : {}),
    defaultLevel: c.defaultLevel,
    urls: {
      location: `${config.publicUrl}/v1/collections/${c.id}`,
      app: `${config.appUrl}/c/${c.id}`,
    },
    permissions: collectionPermissions(role),
  }, c.streamRevision);
}

export type CollectionResource = ReturnType<typeof collectionResource>;
