// Events the bench writes straight into the log (seeding through the API would take minutes), shaped as
// the API's own appends leave them.
import { newId } from '@folio/platform/ids';

/** The data of a `SpaceCreated` event: a root space of `organizationId` with the defaults the API gives one. */
export function spaceCreatedData(organizationId: string, position: string, title: string, createdAt: string) {
  return {
    spaceId: newId(),
    organizationId,
    parent: null,
    position,
    title,
    emoji: '',
    editMode: 'live',
    defaultLevel: 'inherit',
    language: null,
    mergeRules: { type: 'inherit' },
    visibility: 'private',
    revision: newId(),
    createdAt,
  };
}
