import { Decider } from '@folio/platform/domain/decider';
import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { ShareLinkChanges, ShareLinkEvent } from './share-link.events';

export type ShareLinkState =
  | { status: 'none' }
  | { status: 'active' | 'revoked'; shareLinkId: string; siteId: string; organizationId: string; name: string; active: boolean };

type Existing = Extract<ShareLinkState, { status: 'active' | 'revoked' }>;

/**
 * `siteId` on every command but creation: the site the request went through. A link of another site is
 * as missing as one that never was.
 */
export type ShareLinkCommand =
  | { type: 'CreateShareLink'; shareLinkId: string; siteId: string; organizationId: string; name: string; key: string; actor: string; now: string }
  | { type: 'UpdateShareLink'; siteId: string; changes: ShareLinkChanges; now: string }
  | { type: 'RevokeShareLink'; siteId: string; actor: string; now: string };

export const initialState: ShareLinkState = { status: 'none' };

export function evolve(state: ShareLinkState, event: ShareLinkEvent): ShareLinkState {
  switch (event.type) {
    case 'SiteShareLinkCreated': {
      const { shareLinkId, siteId, organizationId, name } = event.data;
      return { status: 'active', shareLinkId, siteId, organizationId, name, active: true };
    }
    case 'SiteShareLinkChanged':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
    case 'SiteShareLinkRevoked':
      return state.status === 'none' ? state : { ...state, status: 'revoked', active: false };
  }
}

export function decide(command: ShareLinkCommand, state: ShareLinkState): ShareLinkEvent[] {
  switch (command.type) {
    case 'CreateShareLink': {
      if (state.status !== 'none') throw new Conflict('share link already exists');
      const { shareLinkId, siteId, organizationId, name, key, actor, now } = command;
      return [{ type: 'SiteShareLinkCreated', data: { shareLinkId, siteId, organizationId, name, key, createdBy: actor, createdAt: now } }];
    }
    case 'UpdateShareLink': {
      const link = existing(state, command.siteId);
      if (link.status === 'revoked') throw new NotFound('share link');
      const changes: ShareLinkChanges = {};
      const before: ShareLinkChanges = {};
      if (command.changes.name !== undefined && command.changes.name !== link.name) {
        changes.name = command.changes.name;
        before.name = link.name;
      }
      if (command.changes.active !== undefined && command.changes.active !== link.active) {
        changes.active = command.changes.active;
        before.active = link.active;
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'SiteShareLinkChanged', data: { ...ref(link), changes, before, changedAt: command.now } }];
    }
    case 'RevokeShareLink': {
      // Revoking twice, or a link that never was, writes nothing (DELETE answers 204).
      if (state.status !== 'active' || state.siteId !== command.siteId) return [];
      return [{ type: 'SiteShareLinkRevoked', data: { ...ref(state), revokedBy: command.actor, revokedAt: command.now } }];
    }
  }
}

export const shareLinkDecider: Decider<ShareLinkCommand, ShareLinkEvent, ShareLinkState> = { initialState, evolve, decide };

function existing(state: ShareLinkState, siteId: string): Existing {
  if (state.status === 'none' || state.siteId !== siteId) throw new NotFound('share link');
  return state;
}

const ref = (link: Existing) => ({ shareLinkId: link.shareLinkId, siteId: link.siteId, organizationId: link.organizationId });
