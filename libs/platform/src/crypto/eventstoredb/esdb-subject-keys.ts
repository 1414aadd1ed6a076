import { ANY, EventStoreDBClient, NO_STREAM, StreamDeletedError } from '@eventstore/db-client';
import { collect } from '../../event-store/eventstoredb/esdb-calls';
import { STORE_CALL_MS, withinCallBound } from '../../store-deadline';
import { assertSubject } from '../subject-key';
import { SubjectErased, SubjectKeys } from '../subject-keys.port';
import { appendFailure, fromSubjectKeyEvent, newSubjectKeyEvent, readFailure, subjectKeyStream } from './esdb-subject-key-mapping';

/**
 * The distributed key store, in the EventStoreDB that holds the log: one stream per subject, named after
 * the subject's hash, its one event the key. `keyFor` appends with expected revision no-stream, so of two
 * processes asking at once one appends and the other is refused and reads the winner's key.
 *
 * `destroy` tombstones the stream (a hard delete): EventStoreDB refuses to read or write it for ever after,
 * which is the tombstone `keyFor` needs to refuse an erased subject. The key's bytes stay in the server's
 * chunk files (and in $all, where the log's readers pass over them) until a scavenge removes them: the
 * operator must run scavenges (README), an erasure is complete on disk only after the next one.
 */
export class EventStoreDbSubjectKeys implements SubjectKeys {
  constructor(private readonly client: EventStoreDBClient) {}

  /** `url` is an EventStoreDB connection string, e.g. `esdb://localhost:2113?tls=false`. */
  static connect(url: string): EventStoreDbSubjectKeys {
    return new EventStoreDbSubjectKeys(EventStoreDBClient.connectionString(url));
  }

  async keyFor(subject: string): Promise<Buffer> {
    assertSubject(subject);
    const found = await this.read(subject);
    if (found === 'destroyed') throw new SubjectErased(subject);
    if (found !== 'absent') return found;
    const made = await this.make(subject);
    if (made === 'destroyed') throw new SubjectErased(subject);
    if (made !== 'made-elsewhere') return made;
    const winner = await this.read(subject);
    if (winner === 'destroyed') throw new SubjectErased(subject);
    // The stream exists (the append was refused for it) and streams are never emptied but by a tombstone.
    if (winner === 'absent') throw new Error(`${subjectKeyStream(subject)} was refused as existing, then read as absent`);
    return winner;
  }

  async find(subject: string): Promise<Buffer | null> {
    assertSubject(subject);
    const found = await this.read(subject);
    return found === 'absent' || found === 'destroyed' ? null : found;
  }

  async destroy(subject: string): Promise<void> {
    assertSubject(subject);
    // A subject never keyed gets a key first, so that there is a stream to tombstone: an erasure before
    // anything was sealed must refuse later keys all the same.
    await this.make(subject);
    try {
      await withinCallBound('EventStoreDB', 'destroy subject key', this.client.tombstoneStream(subjectKeyStream(subject), { expectedRevision: ANY, deadline: STORE_CALL_MS }));
    } catch (error) {
      if (!(error instanceof StreamDeletedError)) throw error;
    }
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async read(subject: string): Promise<Buffer | 'absent' | 'destroyed'> {
    const stream = subjectKeyStream(subject);
    try {
      const [first] = await collect(this.client.readStream(stream, { maxCount: 1 }), 'read subject key');
      return first ? fromSubjectKeyEvent(stream, first) : 'absent';
    } catch (error) {
      return readFailure(error);
    }
  }

  private async make(subject: string): Promise<Buffer | 'made-elsewhere' | 'destroyed'> {
    const { key, event } = newSubjectKeyEvent();
    try {
      await withinCallBound(
        'EventStoreDB',
        'make subject key',
        this.client.appendToStream(subjectKeyStream(subject), event, { expectedRevision: NO_STREAM, deadline: STORE_CALL_MS }),
      );
      return key;
    } catch (error) {
      return appendFailure(error);
    }
  }
}
