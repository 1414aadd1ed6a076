import { Decider } from '@folio/platform/domain/decider';
import { Conflict, InvalidPosition, NotFound } from '@folio/platform/domain/errors';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { Slot, within } from '../shared/slot';
import { CollectionEvent, CollectionSettings } from './collection.events';

/** A new collection's settings where POST /orgs/{id}/collections leaves them out. */
export const COLLECTION_DEFAULTS: CollectionSettings = { title: 'Untitled', description: '', defaultLevel: 'inherit' };

export type CollectionState =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      collectionId: string;
      organizationId: string;
      parent: string | null;
      position: string;
      settings: CollectionSettings;
    };

type Existing = Exclude<CollectionState, { status: 'none' }>;

export type CollectionCommand =
  | {
      type: 'CreateCollection';
      collectionId: string;
      organizationId: string;
      parent: string | null;
      position: string;
      /** Those left out take COLLECTION_DEFAULTS. */
      settings: Partial<CollectionSettings>;
      now: string;
    }
  | { type: 'UpdateCollection'; changes: Partial<CollectionSettings>; now: string }
  /** `ancestry`: the new parent and its ancestors, nearest first (empty for the root). */
  | { type: 'MoveCollection'; parent: string | null; ancestry: string[]; slot: Slot; now: string }
  | { type: 'TransferCollection'; organizationId: string; parent: string | null; position: string; cascadeFrom?: string; now: string }
  | { type: 'DeleteCollection'; cascadeFrom?: string; now: string };

export const collectionDecider: Decider<CollectionCommand, CollectionEvent, CollectionState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'CollectionCreated') {
      const { collectionId, organizationId, parent, position, title, description, defaultLevel } = event.data;
      return { status: 'active', collectionId, organizationId, parent, position, settings: { title, description, defaultLevel } };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CollectionUpdated':
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      case 'CollectionMoved':
        return { ...state, parent: event.data.parent, position: event.data.position };
      case 'CollectionTransferred':
        return { ...state, organizationId: event.data.organizationId, parent: event.data.parent, position: event.data.position };
      case 'CollectionDeleted':
        return { ...state, status: 'deleted' };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateCollection') {
      if (state.status !== 'none') throw new Conflict('collection already exists');
      const { collectionId, organizationId, parent, position, settings, now } = command;
      const chosen = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
      return [{ type: 'CollectionCreated', data: { collectionId, organizationId, parent, position, ...COLLECTION_DEFAULTS, ...chosen, createdAt: now } }];
    }
    // A cascade run again (after a crash) finds its work done: a deleted collection stays where it was.
    if (state.status === 'deleted' && isCascade(command)) return [];
    // A deleted collection has no restore: it is gone for every command.
    if (state.status !== 'active') throw new NotFound('collection');
    const { collectionId, organizationId } = state;
    switch (command.type) {
      case 'UpdateCollection':
        return update(state, command.changes, command.now);
      case 'MoveCollection': {
        const { parent, ancestry, slot } = command;
        if (parent === collectionId || ancestry.includes(collectionId)) {
          throw new InvalidPosition('A collection cannot be moved into itself or one of its sub-collections');
        }
        if (parent === state.parent && within(state.position, slot)) {
          throw new InvalidPosition('The collection is already at that position');
        }
        const position = keyBetween(slot.lower, slot.upper);
        return [
          { type: 'CollectionMoved', data: { collectionId, organizationId, parent, previousParent: state.parent, position, movedAt: command.now } },
        ];
      }
      case 'TransferCollection':
        // Already carried along by this cascade.
        if (command.cascadeFrom && command.organizationId === organizationId) return [];
        if (command.organizationId === organizationId && command.parent === state.parent) {
          throw new InvalidPosition('The collection already belongs to that organization');
        }
        return [
          {
            type: 'CollectionTransferred',
            data: {
              collectionId,
              organizationId: command.organizationId,
              previousOrganizationId: organizationId,
              parent: command.parent,
              previousParent: state.parent,
              position: command.position,
              transferredAt: command.now,
              ...(command.cascadeFrom ? { cascadeFrom: command.cascadeFrom } : {}),
            },
          },
        ];
      case 'DeleteCollection':
        return [
          {
            type: 'CollectionDeleted',
            data: { collectionId, organizationId, deletedAt: command.now, ...(command.cascadeFrom ? { cascadeFrom: command.cascadeFrom } : {}) },
          },
        ];
    }
  },
};

function isCascade(command: CollectionCommand): boolean {
  return (command.type === 'DeleteCollection' || command.type === 'TransferCollection') && command.cascadeFrom !== undefined;
}

function update(state: Existing, requested: Partial<CollectionSettings>, now: string): CollectionEvent[] {
  const changes: Partial<CollectionSettings> = {};
  const before: Partial<CollectionSettings> = {};
  for (const [key, value] of Object.entries(requested) as [keyof CollectionSettings, unknown][]) {
    if (value === undefined || JSON.stringify(state.settings[key]) === JSON.stringify(value)) continue;
    Object.assign(changes, { [key]: value });
    Object.assign(before, { [key]: state.settings[key] });
  }
  if (Object.keys(changes).length === 0) return [];
  return [
    { type: 'CollectionUpdated', data: { collectionId: state.collectionId, organizationId: state.organizationId, changes, before, updatedAt: now } },
  ];
}
