import { BucketMap } from '@folio/platform/domain/bucket-map';
import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { SiteRedirectDestination, SiteRedirectEvent, SiteRedirectFields } from './site-redirect.events';

/** A site holds at most this many redirects (live and draft together): its state is folded on every write. */
export const MAX_SITE_REDIRECTS = 5_000;

/**
 * The site's redirects by id, and the id holding each (draft, source): a source is unique among the live
 * redirects and among the drafts, so a draft can stand beside the live redirect it will replace. Maps,
 * never objects (sources and ids come from requests), immutable at the cost of a bucket per event.
 */
export interface SiteRedirectsState {
  redirects: BucketMap<SiteRedirectFields>;
  bySource: BucketMap<string>;
}

/** One entry of a bulk upsert, its destination already checked against the site (see the handler). */
export type BulkRedirectItem =
  | { source: string; intent: 'publish' }
  | { source: string; intent: 'live' | 'draft'; captureWildcard?: boolean; permanent?: boolean; destination: SiteRedirectDestination | null };

/** The spec's per-entry answer of a bulk upsert, in the order of the entries. */
export type BulkRedirectResult =
  | { status: 'created' | 'updated' | 'published'; source: string; draft: boolean; id: string }
  | { status: 'deleted'; source: string; draft: boolean }
  | { status: 'error'; source: string; draft: boolean; error: string };

type Site = { siteId: string; organizationId: string };

/** `siteId` and `organizationId` on every command: the stream is the site's, its events name both. */
export type SiteRedirectCommand =
  | (Site & { type: 'CreateSiteRedirect'; siteRedirectId: string; redirect: SiteRedirectFields; actor: string; now: string })
  | (Site & { type: 'UpdateSiteRedirect'; siteRedirectId: string; changes: Partial<SiteRedirectFields>; now: string })
  | (Site & { type: 'DeleteSiteRedirect'; siteRedirectId: string; actor: string; now: string })
  /** `newIds`: one fresh id per entry, the id of what that entry creates. */
  | (Site & { type: 'UpsertSiteRedirects'; items: BulkRedirectItem[]; newIds: string[]; actor: string; now: string });

export const initialState: SiteRedirectsState = { redirects: BucketMap.empty(), bySource: BucketMap.empty() };

const sourceKey = (draft: boolean, source: string) => `${draft ? 'draft' : 'live'}:${source}`;

export function evolve(state: SiteRedirectsState, event: SiteRedirectEvent): SiteRedirectsState {
  let { redirects, bySource } = state;
  const { siteRedirectId } = event.data;
  const before = redirects.get(siteRedirectId);
  if (before) bySource = bySource.delete(sourceKey(before.draft, before.source));
  switch (event.type) {
    case 'SiteRedirectCreated':
    case 'SiteRedirectChanged': {
      const base = event.type === 'SiteRedirectCreated' ? event.data : before;
      if (!base) return state;
      const changes = event.type === 'SiteRedirectChanged' ? event.data.changes : {};
      const fields: SiteRedirectFields = {
        source: changes.source ?? base.source,
        draft: changes.draft ?? base.draft,
        captureWildcard: changes.captureWildcard ?? base.captureWildcard,
        permanent: changes.permanent ?? base.permanent,
        destination: changes.destination ?? base.destination,
      };
      redirects = redirects.set(siteRedirectId, fields);
      bySource = bySource.set(sourceKey(fields.draft, fields.source), siteRedirectId);
      break;
    }
    case 'SiteRedirectDeleted':
      redirects = redirects.delete(siteRedirectId);
      break;
  }
  return { redirects, bySource };
}

export function decide(command: SiteRedirectCommand, state: SiteRedirectsState): SiteRedirectEvent[] {
  switch (command.type) {
    case 'CreateSiteRedirect': {
      const { redirect, siteRedirectId } = command;
      if (state.redirects.has(siteRedirectId)) throw new Conflict('site redirect already exists');
      if (state.bySource.has(sourceKey(redirect.draft, redirect.source))) throw new Conflict(`a ${redirect.draft ? 'draft' : 'live'} redirect already has the source ${redirect.source}`);
      if (state.redirects.size >= MAX_SITE_REDIRECTS) throw new Invalid(`a site holds at most ${MAX_SITE_REDIRECTS} redirects`);
      return [created(command, siteRedirectId, redirect)];
    }
    case 'UpdateSiteRedirect': {
      const current = state.redirects.get(command.siteRedirectId);
      if (!current) throw new NotFound('site redirect');
      const event = changed(command, command.siteRedirectId, current, command.changes);
      if (!event) return [];
      const after = { ...current, ...event.data.changes };
      const holder = state.bySource.get(sourceKey(after.draft, after.source));
      if (holder !== undefined && holder !== command.siteRedirectId) throw new Conflict(`a ${after.draft ? 'draft' : 'live'} redirect already has the source ${after.source}`);
      return [event];
    }
    case 'DeleteSiteRedirect': {
      // A redirect that is not there (any more) writes nothing: DELETE answers 204.
      const current = state.redirects.get(command.siteRedirectId);
      return current ? [deleted(command, command.siteRedirectId, current)] : [];
    }
    case 'UpsertSiteRedirects':
      return planUpserts(command, state).events;
  }
}

export const siteRedirectDecider: Decider<SiteRedirectCommand, SiteRedirectEvent, SiteRedirectsState> = { initialState, evolve, decide };

/**
 * A bulk upsert entry by entry, each seeing what the ones before it did (the same source twice: the second
 * updates what the first created): the events and the spec's per-entry results, both pure functions of
 * the command and the state. An entry that cannot be done (publishing a draft that is not there, one more
 * redirect than a site holds) is an `error` result and writes nothing; the others still apply.
 */
export function planUpserts(command: Extract<SiteRedirectCommand, { type: 'UpsertSiteRedirects' }>, state: SiteRedirectsState) {
  const events: SiteRedirectEvent[] = [];
  const results: BulkRedirectResult[] = [];
  let now = state;
  const apply = (...more: (SiteRedirectEvent | null)[]) => {
    for (const event of more) {
      if (!event) continue;
      events.push(event);
      now = evolve(now, event);
    }
  };
  command.items.forEach((item, i) => {
    const { source } = item;
    if (item.intent === 'publish') {
      const draftId = now.bySource.get(sourceKey(true, source));
      const draft = draftId === undefined ? undefined : now.redirects.get(draftId);
      if (draftId === undefined || !draft) return results.push({ status: 'error', source, draft: true, error: 'no draft redirect has this source' });
      const liveId = now.bySource.get(sourceKey(false, source));
      const live = liveId === undefined ? undefined : now.redirects.get(liveId);
      if (liveId !== undefined && live) {
        // The live redirect takes the draft's place, keeping its id (links to it stay valid).
        apply(deleted(command, draftId, draft), changed(command, liveId, live, { ...draft, draft: false }));
        return results.push({ status: 'published', source, draft: false, id: liveId });
      }
      apply(changed(command, draftId, draft, { draft: false }));
      return results.push({ status: 'published', source, draft: false, id: draftId });
    }
    const isDraft = item.intent === 'draft';
    const id = now.bySource.get(sourceKey(isDraft, source));
    const current = id === undefined ? undefined : now.redirects.get(id);
    if (item.destination === null) {
      if (id !== undefined && current) apply(deleted(command, id, current));
      return results.push({ status: 'deleted', source, draft: isDraft });
    }
    const fields: SiteRedirectFields = {
      source,
      draft: isDraft,
      captureWildcard: item.captureWildcard ?? current?.captureWildcard ?? false,
      permanent: item.permanent ?? current?.permanent ?? false,
      destination: item.destination,
    };
    if (id !== undefined && current) {
      apply(changed(command, id, current, fields));
      return results.push({ status: 'updated', source, draft: isDraft, id });
    }
    if (now.redirects.size >= MAX_SITE_REDIRECTS) return results.push({ status: 'error', source, draft: isDraft, error: `a site holds at most ${MAX_SITE_REDIRECTS} redirects` });
    apply(created(command, command.newIds[i], fields));
    return results.push({ status: 'created', source, draft: isDraft, id: command.newIds[i] });
  });
  return { events, results };
}

type Stamp = Site & { now: string };

const ref = (command: Site, siteRedirectId: string) => ({ siteRedirectId, siteId: command.siteId, organizationId: command.organizationId });

function created(command: Stamp & { actor: string }, id: string, fields: SiteRedirectFields): SiteRedirectEvent {
  return { type: 'SiteRedirectCreated', data: { ...ref(command, id), ...fields, createdBy: command.actor, createdAt: command.now } };
}

function deleted(command: Stamp & { actor: string }, id: string, current: SiteRedirectFields): SiteRedirectEvent {
  return { type: 'SiteRedirectDeleted', data: { ...ref(command, id), source: current.source, draft: current.draft, deletedBy: command.actor, deletedAt: command.now } };
}

/** The fields `wanted` changes of `current`, with what they were; null when it changes none. */
function changed(command: Stamp, id: string, current: SiteRedirectFields, wanted: Partial<SiteRedirectFields>): Extract<SiteRedirectEvent, { type: 'SiteRedirectChanged' }> | null {
  const changes: Partial<SiteRedirectFields> = {};
  const before: Partial<SiteRedirectFields> = {};
  for (const field of ['source', 'draft', 'captureWildcard', 'permanent', 'destination'] as const) {
    const value = wanted[field];
    if (value === undefined || sameValue(value, current[field])) continue;
    Object.assign(changes, { [field]: value });
    Object.assign(before, { [field]: current[field] });
  }
  if (Object.keys(changes).length === 0) return null;
  return { type: 'SiteRedirectChanged', data: { ...ref(command, id), changes, before, changedAt: command.now } };
}

/** Fields are scalars or a destination (a flat record of strings). */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const left = Object.entries(a).sort();
  const right = Object.entries(b).sort();
  return left.length === right.length && left.every(([k, v], i) => right[i][0] === k && right[i][1] === v);
}
