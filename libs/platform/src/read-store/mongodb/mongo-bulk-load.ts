import { AnyBulkWriteOperation, Document } from 'mongodb';
import { Doc } from '../read-store.port';
import { PendingDocs } from '../batched-writes';
import { POSITION_FIELD, toMongoDoc } from './mongo-filter';
import { TextIndexSpec } from '../../search/search.port';
import { termsOf } from '../../search/mongodb/mongo-text-index';

/** A stored document: its `_id` is the read-store id. */
type Keyed = Document & { _id: string };

/**
 * A rebuild batch's documents as one unordered bulk write into its fresh collection. No position guard:
 * the rebuild is the collection's only writer. Each document is still stamped with the batch position
 * (the live writers' guards compare against it after the swap) and carries its text index's words.
 */
export function bulkLoadOperations(docs: PendingDocs, position: string, text?: TextIndexSpec): AnyBulkWriteOperation<Keyed>[] {
  return [...docs].map(([id, json]): AnyBulkWriteOperation<Keyed> => {
    if (json === null) return { deleteOne: { filter: { _id: id } } };
    const doc = JSON.parse(json) as Doc;
    const stored = toMongoDoc(text ? { ...doc, ...termsOf(doc, text) } : doc);
    return { replaceOne: { filter: { _id: id }, replacement: { ...stored, _id: id, [POSITION_FIELD]: position }, upsert: true } };
  });
}
