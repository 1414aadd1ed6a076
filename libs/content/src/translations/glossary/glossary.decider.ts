import { BucketMap } from '@folio/platform/domain/bucket-map';
import { Decider } from '@folio/platform/domain/decider';
import { Invalid } from '@folio/platform/domain/errors';
import { GlossaryEvent, GlossaryTerms } from './glossary.events';

/** An organization's glossary holds at most this many entries: its state is folded on every write, and a run reads them all. */
export const MAX_GLOSSARY_ENTRIES = 10_000;

/** One operation of a PUT, checked (glossary.dto.ts); an insert carries the id chosen for it. */
export type GlossaryOperation =
  | { type: 'insert'; id: string; translations: GlossaryTerms }
  | { type: 'update'; id: string; translations: GlossaryTerms }
  | { type: 'delete'; id: string };

/** The ids of the entries there (their terms live in the read model: the decisions need only the ids). */
export interface GlossaryState {
  entries: BucketMap<true>;
}

export type GlossaryCommand = { type: 'UpdateGlossary'; organizationId: string; operations: GlossaryOperation[]; actor: string; now: string };

export function evolve(state: GlossaryState, event: GlossaryEvent): GlossaryState {
  const id = event.data.glossaryEntryId;
  return { entries: event.type === 'GlossaryEntryDeleted' ? state.entries.delete(id) : state.entries.set(id, true) };
}

/**
 * The operations in order, each seeing what the ones before did (an entry inserted, then updated, in one
 * batch); the first that cannot apply refuses the whole batch, naming it, so a batch applies all or nothing.
 */
export function decide(command: GlossaryCommand, state: GlossaryState): GlossaryEvent[] {
  const { organizationId, actor, now } = command;
  let entries = state.entries;
  const events: GlossaryEvent[] = [];
  command.operations.forEach((operation, i) => {
    const glossaryEntryId = operation.id;
    const ref = { organizationId, glossaryEntryId };
    if (operation.type === 'insert') {
      if (entries.has(glossaryEntryId)) throw new Invalid(`operations[${i}]: glossary entry ${glossaryEntryId} already exists`);
      if (entries.size >= MAX_GLOSSARY_ENTRIES) throw new Invalid(`operations[${i}]: a glossary holds at most ${MAX_GLOSSARY_ENTRIES} entries`);
      entries = entries.set(glossaryEntryId, true);
      events.push({ type: 'GlossaryEntryCreated', data: { ...ref, translations: operation.translations, createdBy: actor, createdAt: now } });
      return;
    }
    if (!entries.has(glossaryEntryId)) throw new Invalid(`operations[${i}]: no glossary entry ${glossaryEntryId}`);
    if (operation.type === 'update') {
      events.push({ type: 'GlossaryEntryChanged', data: { ...ref, translations: operation.translations, changedBy: actor, changedAt: now } });
    } else {
      entries = entries.delete(glossaryEntryId);
      events.push({ type: 'GlossaryEntryDeleted', data: { ...ref, deletedBy: actor, deletedAt: now } });
    }
  });
  return events;
}

export const glossaryDecider: Decider<GlossaryCommand, GlossaryEvent, GlossaryState> = { initialState: { entries: BucketMap.empty() }, evolve, decide };
