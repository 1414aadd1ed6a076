import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Forbidden, Invalid, InvalidPosition, NotFound } from '@folio/platform/domain/errors';
import { RevisionRecord } from '../revisions/revision.model';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { Slot, within } from '../shared/slot';
import { EditMode, SpaceEvent, SpaceSettings, SpaceVisibility } from './space.events';

/** Deleted spaces stay restorable for 7 days, up to and including the exact 7-day mark; after it they are purged. */
export const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a space deleted at `deletedAt` is past its retention at `now` (strictly more than 7 days). */
export function retentionExpired(deletedAt: string, now: string): boolean {
  return Date.parse(now) - Date.parse(deletedAt) > RETENTION_MS;
}


/** A new space's settings where POST /orgs/{id}/spaces leaves them out. */
export const SPACE_DEFAULTS: SpaceSettings = {
  title: 'Untitled',
  emoji: '',
  editMode: 'live',
  defaultLevel: 'inherit',
  language: null,
  mergeRules: { type: 'inherit' },
};

/** A new space is private until its visibility is set. */
export const DEFAULT_VISIBILITY: SpaceVisibility = 'private';

export type SpaceState =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted' | 'purged';
      spaceId: string;
      organizationId: string;
      parent: string | null;
      position: string;
      settings: SpaceSettings;
      visibility: SpaceVisibility;
      deletedAt?: string;
      /** Main's content: its revision id and that revision's tree hash. */
      revision: string;
      tree: string;
      /** Ids of the change requests merged into main, so a merge retried after a crash writes nothing. */
      merged: string[];
    };

type Existing = Exclude<SpaceState, { status: 'none' }>;

export type SpaceCommand =
  /** `settings` left out take SPACE_DEFAULTS; `revision`: id of the new space's first, empty revision. */
  | {
      type: 'CreateSpace';
      spaceId: string;
      organizationId: string;
      parent: string | null;
      position: string;
      settings: Partial<SpaceSettings>;
      revision: string;
      now: string;
    }
  /**
   * Decided on the copy's (new) stream: `original` is the state of the space copied, loaded from its
   * stream. The copy takes its organization, parent, settings and visibility, at `position`.
   */
  | { type: 'DuplicateSpace'; spaceId: string; original: SpaceState; position: string; revision: string; now: string }
  | { type: 'UpdateSpace'; changes: Partial<SpaceSettings>; now: string }
  /** Into `parent` (null: the root), between the sibling keys of `slot`. */
  | { type: 'MoveSpace'; parent: string | null; slot: Slot; now: string }
  /**
   * To another organization, at `position` under `parent` there. A cascade (the parent collection is
   * transferred) also carries deleted spaces along and keeps an unchanged parent.
   */
  | { type: 'TransferSpace'; organizationId: string; parent: string | null; position: string; cascadeFrom?: string; now: string }
  | { type: 'DeleteSpace'; cascadeFrom?: string; now: string }
  /** Back at `parent`/`position`: the handler puts it at the root when its collection is gone. */
  | { type: 'RestoreSpace'; parent: string | null; position: string; now: string }
  | { type: 'PurgeSpace'; now: string }
  /**
   * Main takes a change request's merged content. `basedOn` is main's revision the merge was computed
   * against: if main has moved since, the merge is stale and refused (`StaleMain`), and the handler
   * recomputes it against the new main. `leaseUntil`: the end of the merge's lease on the request (see
   * MERGE_LEASE_MS), after which its mark may be released: the merge is refused from then on, so a released
   * mark never meets main holding the merge.
   */
  | {
      type: 'MergeChangeRequest';
      changeRequest: { id: string; number: number };
      basedOn: string;
      revision: RevisionRecord;
      leaseUntil?: string;
      now: string;
    }
  /**
   * Main takes an `edits` revision written directly, with no change request (a template applied to the
   * space). As for a merge, `basedOn` is main's revision the edit was computed on: StaleMain when main moved.
   */
  | { type: 'EditMain'; basedOn: string; revision: RevisionRecord; now: string };

/** The merge or edit was computed against a main that has moved on since: compute it again. */
export class StaleMain extends Conflict {
  constructor() {
    super('The space\'s content changed while the change to it was computed');
  }
}

/** The merge took longer than its lease on the change request: its mark may be released, so main refuses it. */
export class MergeLeaseExpired extends Conflict {
  constructor() {
    super('The merge took too long and was given up; merge again');
  }
}

export const spaceDecider: Decider<SpaceCommand, SpaceEvent, SpaceState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'SpaceCreated') {
      const { spaceId, organizationId, parent, position, title, emoji, editMode, defaultLevel, language, mergeRules, visibility } = event.data;
      return {
        status: 'active',
        spaceId,
        organizationId,
        parent,
        position,
        settings: { title, emoji, editMode, defaultLevel, language, mergeRules },
        visibility,
        revision: event.data.revision,
        tree: event.data.tree ?? EMPTY_TREE_HASH,
        merged: [],
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'SpaceUpdated':
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      case 'SpaceMoved':
        return { ...state, parent: event.data.parent, position: event.data.position };
      case 'SpaceTransferred':
        return { ...state, organizationId: event.data.organizationId, parent: event.data.parent, position: event.data.position };
      case 'SpaceDeleted':
        return { ...state, status: 'deleted', deletedAt: event.data.deletedAt };
      case 'SpaceRestored': {
        const { deletedAt: _gone, ...rest } = state;
        return { ...rest, status: 'active', parent: event.data.parent, position: event.data.position };
      }
      case 'SpacePurged':
        return { ...state, status: 'purged' };
      case 'SpaceContentChanged': {
        const merged = event.data.changeRequest ? [...state.merged, event.data.changeRequest.id] : state.merged;
        return { ...state, revision: event.data.revision.id, tree: event.data.revision.tree, merged };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'CreateSpace') {
      if (state.status !== 'none') throw new Conflict('space already exists');
      const { spaceId, organizationId, parent, position, settings, revision, now } = command;
      const chosen = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
      return [
        {
          type: 'SpaceCreated',
          data: { spaceId, organizationId, parent, position, ...SPACE_DEFAULTS, ...chosen, visibility: DEFAULT_VISIBILITY, revision, createdAt: now },
        },
      ];
    }
    if (command.type === 'DuplicateSpace') {
      if (state.status !== 'none') throw new Conflict('space already exists');
      const { original, spaceId, position, revision, now } = command;
      if (original.status === 'none' || original.status === 'purged') throw new NotFound('space');
      assertActive(original);
      const { organizationId, parent, settings, visibility, tree } = original;
      // The copy starts from the original's content: a new revision over the same (immutable) tree.
      return [
        {
          type: 'SpaceCreated',
          data: { spaceId, organizationId, parent, position, ...settings, visibility, revision, tree, createdAt: now, duplicatedFrom: original.spaceId },
        },
      ];
    }
    if (state.status === 'none' || state.status === 'purged') {
      // Purged meanwhile: no sweep and no collection cascade has anything left to do.
      if (state.status === 'purged' && (command.type === 'PurgeSpace' || isCascade(command))) return [];
      throw new NotFound('space');
    }
    const { spaceId, organizationId } = state;
    switch (command.type) {
      case 'UpdateSpace':
        assertActive(state);
        return update(state, command.changes, command.now);
      case 'MoveSpace': {
        assertActive(state);
        const { parent, slot } = command;
        if (parent === state.parent && within(state.position, slot)) {
          throw new InvalidPosition('The space is already at that position');
        }
        const position = keyBetween(slot.lower, slot.upper);
        return [{ type: 'SpaceMoved', data: { spaceId, organizationId, parent, previousParent: state.parent, position, movedAt: command.now } }];
      }
      case 'TransferSpace': {
        // A cascade that already carried this space along (run again after a crash) changes nothing.
        if (command.cascadeFrom && command.organizationId === organizationId) return [];
        if (!command.cascadeFrom) assertActive(state);
        if (command.organizationId === organizationId && command.parent === state.parent) {
          throw new InvalidPosition('The space already belongs to that organization and collection');
        }
        return [
          {
            type: 'SpaceTransferred',
            data: {
              spaceId,
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
      }
      case 'DeleteSpace':
        // Deleting what is in the bin changes nothing: its retention keeps counting from the first deletion.
        if (state.status === 'deleted') return [];
        return [
          {
            type: 'SpaceDeleted',
            data: { spaceId, organizationId, deletedAt: command.now, ...(command.cascadeFrom ? { cascadeFrom: command.cascadeFrom } : {}) },
          },
        ];
      case 'RestoreSpace':
        if (state.status === 'active') return [];
        if (retentionExpired(state.deletedAt!, command.now)) {
          throw new Invalid('This space was deleted more than 7 days ago and can no longer be restored');
        }
        return [
          { type: 'SpaceRestored', data: { spaceId, organizationId, parent: command.parent, position: command.position, restoredAt: command.now } },
        ];
      case 'PurgeSpace':
        if (state.status !== 'deleted' || !retentionExpired(state.deletedAt!, command.now)) return [];
        return [{ type: 'SpacePurged', data: { spaceId, organizationId, deletedAt: state.deletedAt!, purgedAt: command.now } }];
      case 'MergeChangeRequest': {
        if (state.merged.includes(command.changeRequest.id)) return [];
        assertActive(state);
        assertUnlocked(state.settings);
        if (command.leaseUntil !== undefined && Date.parse(command.now) >= Date.parse(command.leaseUntil)) throw new MergeLeaseExpired();
        if (command.basedOn !== state.revision) throw new StaleMain();
        return [
          {
            type: 'SpaceContentChanged',
            data: { spaceId, organizationId, revision: command.revision, changeRequest: command.changeRequest, changedAt: command.now },
          },
        ];
      }
      case 'EditMain':
        assertActive(state);
        assertUnlocked(state.settings);
        if (command.basedOn !== state.revision) throw new StaleMain();
        if (command.revision.tree === state.tree) return [];
        return [{ type: 'SpaceContentChanged', data: { spaceId, organizationId, revision: command.revision, changedAt: command.now } }];
    }
  },
};

function isCascade(command: SpaceCommand): boolean {
  return (command.type === 'DeleteSpace' || command.type === 'TransferSpace') && command.cascadeFrom !== undefined;
}

function assertActive(state: Existing) {
  if (state.status === 'deleted') throw new Conflict('The space is deleted; restore it first');
}

/**
 * A space in `editMode: locked` takes no new change requests, content or merges. Given the space's settings
 * (a decider's state) or its read-model document: both carry `editMode`.
 */
export function assertUnlocked(space: { editMode: EditMode }) {
  if (space.editMode === 'locked') throw new Forbidden('The space is locked: its content cannot be changed until its editMode is live');
}

function update(state: Existing, requested: Partial<SpaceSettings>, now: string): SpaceEvent[] {
  const changes: Partial<SpaceSettings> = {};
  const before: Partial<SpaceSettings> = {};
  for (const [key, value] of Object.entries(requested) as [keyof SpaceSettings, unknown][]) {
    if (value === undefined || JSON.stringify(state.settings[key]) === JSON.stringify(value)) continue;
    Object.assign(changes, { [key]: value });
    Object.assign(before, { [key]: state.settings[key] });
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'SpaceUpdated', data: { spaceId: state.spaceId, organizationId: state.organizationId, changes, before, updatedAt: now } }];
}
