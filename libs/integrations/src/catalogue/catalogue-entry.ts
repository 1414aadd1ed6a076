/** A stored event's data, read by the fields an entry names (never by another context's types). */
export type EventData = Record<string, unknown>;

/**
 * One stored event type's place in the catalogue: the dotted name subscribers know it by and what of its
 * data they receive (null: this event is not one they see, e.g. a spec processed without failing).
 */
export interface CatalogueEntry {
  name: string;
  view: (data: EventData) => EventData | null;
}

/**
 * The named fields of `data` that it holds (own properties only: the log's data is outside input to this
 * code), in the order named. A field absent from the event is absent from the view, not `undefined`.
 */
export function pick(data: EventData, ...fields: string[]): EventData {
  const view: EventData = {};
  for (const field of fields) if (Object.hasOwn(data, field)) view[field] = data[field];
  return view;
}

/**
 * `{ [as]: id }` for a revision as events carry it (an id, or a revision record holding one, whose tree
 * and parents are not for subscribers); nothing when the event holds none.
 */
export function revisionId(revision: unknown, as = 'revisionId'): EventData {
  const record = typeof revision === 'object' && revision !== null && Object.hasOwn(revision, 'id');
  const id = record ? (revision as { id: unknown }).id : revision;
  return typeof id === 'string' ? { [as]: id } : {};
}

/** The keys of a `changes` object: which fields changed, when their values are not for subscribers. */
export function changedFields(changes: unknown): string[] {
  return typeof changes === 'object' && changes !== null ? Object.keys(changes).sort() : [];
}
