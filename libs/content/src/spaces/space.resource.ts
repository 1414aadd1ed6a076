import { FolioConfig } from '@folio/platform/config/config';
import { withETag } from '@folio/platform/http/etag';
import { spacePermissions } from '@folio/identity/public/content-permissions';
import { SpaceView } from './space.reads';

/** The Space resource for one caller: the seed's fields and every one the client's spec requires. */
export function spaceResource({ space: s, role }: SpaceView, config: FolioConfig) {
  return withETag({
    object: 'space' as const,
    id: s.id,
    title: s.title,
    emoji: s.emoji,
    visibility: s.visibility,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    ...(s.deletedAt ? { deletedAt: s.deletedAt } : {}),
    editMode: s.editMode,
    mergeRules: s.mergeRules,
    urls: {
      location: `${config.publicUrl}/v1/spaces/${s.id}`,
      app: `${config.appUrl}/s/${s.id}`,
    },
    organization: s.organizationId,
    ...(s.parent ? { parent: s.parent } : {}),
    ...(s.language ? { language: s.language } : {}),
    revision: s.revision,
    defaultLevel: s.defaultLevel,
    comments: s.comments ?? 0,
    changeRequests: s.changeRequests ?? 0,
    changeRequestsOpen: s.changeRequestsOpen ?? 0,
    changeRequestsDraft: s.changeRequestsDraft ?? 0,
    permissions: spacePermissions(role),
  }, s.streamRevision);
}

export type SpaceResource = ReturnType<typeof spaceResource>;
