import { CatalogueEntry, EventData, pick, revisionId } from './catalogue-entry';

/**
 * The content context's space events (SpaceEvent), by the fields they carry. A space's settings are
 * small values (title, emoji, levels, merge rules) and are sent as changed; its content never is: a new
 * main revision is announced by id (`space.content_updated`), the subscriber reads the content itself.
 */
const space = (d: EventData) => pick(d, 'spaceId');

export const SPACE_EVENTS: ReadonlyMap<string, CatalogueEntry> = new Map([
  ['SpaceCreated', { name: 'space.created', view: (d) => ({ ...pick(d, 'spaceId', 'title', 'parent', 'visibility', 'duplicatedFrom'), ...revisionId(d.revision) }) }],
  ['SpaceUpdated', { name: 'space.updated', view: (d) => ({ ...space(d), ...pick(d, 'changes', 'before') }) }],
  ['SpaceMoved', { name: 'space.moved', view: (d) => pick(d, 'spaceId', 'parent', 'previousParent') }],
  // Announced to the organization that receives the space; the one it left sees it no more.
  ['SpaceTransferred', { name: 'space.transferred', view: (d) => pick(d, 'spaceId', 'previousOrganizationId', 'parent') }],
  ['SpaceDeleted', { name: 'space.deleted', view: space }],
  ['SpaceRestored', { name: 'space.restored', view: (d) => pick(d, 'spaceId', 'parent') }],
  ['SpacePurged', { name: 'space.purged', view: space }],
  [
    'SpaceContentChanged',
    { name: 'space.content_updated', view: (d) => ({ ...space(d), ...revisionId(d.revision), ...pick(d, 'changeRequest') }) },
  ],
] satisfies [string, CatalogueEntry][]);
