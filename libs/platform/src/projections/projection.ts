import { StoredEvent } from '../event-store/event-store.port';
import { CollectionSpec, ReadTransaction } from '../read-store/read-store.port';
import { DomainEvent } from '../domain/decider';
import { ContentObjectStore } from '../object-store/content-object-store.port';

/** A stored event narrowed to one member of a context's event union. */
export type StoredOf<E extends DomainEvent, T extends E['type']> = Omit<StoredEvent, 'type' | 'data'> &
  Extract<E, { type: T }>;

/**
 * What a projection may read besides the event and its own documents: the content objects events name by
 * hash (page documents, content trees). They are write-side truth beside the log, so a rebuild has them too.
 */
export interface ProjectionContext {
  objects: ContentObjectStore;
}

export type ProjectionHandler = (event: StoredEvent, tx: ReadTransaction, context: ProjectionContext) => Promise<void>;

/**
 * Events in, read-model documents out. A projection owns its collections (no other projection writes
 * them) and has its own checkpoint, so it can be rebuilt alone.
 */
export interface Projection {
  name: string;
  collections: CollectionSpec[];
  handlers: Record<string, ProjectionHandler>;
}

export function defineProjection<E extends DomainEvent>(
  name: string,
  collections: CollectionSpec[],
  handlers: { [T in E['type']]?: (event: StoredOf<E, T>, tx: ReadTransaction, context: ProjectionContext) => Promise<void> },
): Projection {
  // Sound because the runner only calls a handler with events of the type it is keyed by.
  return { name, collections, handlers: handlers as unknown as Record<string, ProjectionHandler> };
}

/** Injection token for the list of every projection the process knows. */
export const PROJECTIONS = Symbol('Projections');
