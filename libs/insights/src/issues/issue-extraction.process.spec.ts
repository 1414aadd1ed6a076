import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { SystemClock } from '@folio/platform/clock';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { SubjectErased } from '@folio/platform/crypto/subject-keys.port';
import { Sealed } from '@folio/platform/domain/sealed';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { ClusterIndexState, IssueVector, Placement } from '../analysis/issue-clustering';
import { ExtractedIssue, IssueExtractor } from '../analysis/issue-extraction';
import { ConversationEvent, conversationSubject, ConversationText } from '../conversations/conversation.events';
import { IssueExtractionProcess } from './issue-extraction.process';
import { insightsIssuesStream, IssueEvent, IssueText } from './issue.events';
import { termHash } from './term-hashes';
import { OrganizationIndexes } from './organization-indexes';

const caller = systemCaller('c1');
// The reactions are called directly: nothing waits for projections here.
const caughtUp = { waitFor: async () => true } as unknown as ProjectionProgress;
const stream = insightsIssuesStream('o1');

/** A SubjectCipher double: keeps sealed values in memory (a handle in `data`), forgets a subject's on erase. */
class CipherDouble {
  private readonly values = new Map<string, { subject: string; value: unknown }>();
  private readonly erased = new Set<string>();
  async seal(subject: string, value: unknown): Promise<Sealed> {
    if (this.erased.has(subject)) throw new SubjectErased(subject);
    const handle = `h${this.values.size}`;
    this.values.set(handle, { subject, value: structuredClone(value) });
    return { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: handle };
  }
  async open<T>(subject: string, sealed: Sealed): Promise<T | null> {
    const held = this.values.get(sealed.data);
    if (!held || held.subject !== subject) throw new Error('not sealed under this subject');
    return this.erased.has(subject) ? null : (held.value as T);
  }
  erase(subject: string) {
    this.erased.add(subject);
  }
}

/** An extractor double: one issue per user message, its words as terms, its first word its key phrase. */
class ExtractorDouble implements IssueExtractor {
  readonly name = 'default' as const;
  calls = 0;
  async extract(text: ConversationText): Promise<ExtractedIssue[]> {
    this.calls++;
    return text.parts
      .filter((p) => p.role === 'user')
      .map((p) => {
        const words = p.body.toLowerCase().split(/\s+/);
        const terms: Record<string, number> = {};
        for (const word of words) terms[word] = (terms[word] ?? 0) + 1;
        return { title: p.body, summary: `${p.body}.`, keyPhrases: [words[0]], terms };
      });
  }
}

/** A cluster index double: an issue joins the cluster sharing most terms with it (ties to the smallest id), else founds one. */
class IndexDouble implements ClusterIndexState {
  readonly clusters = new Map<string, Map<string, IssueVector>>();
  place(issue: IssueVector): Placement {
    let best: { clusterId: string; shared: number } | null = null;
    for (const [clusterId, members] of [...this.clusters].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const terms = new Set([...members.values()].flatMap((m) => Object.keys(m.terms)));
      const shared = Object.keys(issue.terms).filter((t) => terms.has(t)).length;
      if (shared > 0 && (!best || shared > best.shared)) best = { clusterId, shared };
    }
    return best ? { clusterId: best.clusterId, founded: false, similarity: 0.5 } : { clusterId: issue.issueId, founded: true, similarity: 1 };
  }
  add(clusterId: string, issue: IssueVector) {
    this.clusters.set(clusterId, (this.clusters.get(clusterId) ?? new Map()).set(issue.issueId, issue));
  }
  remove(clusterId: string, issue: IssueVector) {
    const members = this.clusters.get(clusterId);
    members?.delete(issue.issueId);
    if (members?.size === 0) this.clusters.delete(clusterId);
  }
}

type Ingested = Extract<ConversationEvent, { type: 'ConversationIngested' }>['data'];

describe('IssueExtractionProcess', () => {
  let dir: string;
  let events: SqliteEventStore;
  let aggregates: Aggregates;
  let cipher: CipherDouble;
  let extractor: ExtractorDouble;
  let process: IssueExtractionProcess;

  const started = () =>
    new IssueExtractionProcess(aggregates, cipher as unknown as SubjectCipher, extractor, new OrganizationIndexes(events, () => new IndexDouble()), caughtUp, {} as ProcessHost);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-issue-extraction-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    aggregates = new Aggregates(events, caughtUp, new SystemClock(), { aggregateCacheSize: 100 });
    cipher = new CipherDouble();
    extractor = new ExtractorDouble();
    process = started();
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ingested = async (conversationId: string, revision: number, ...messages: string[]): Promise<Ingested> => {
    const text: ConversationText = {
      subject: 'Help',
      metadata: { attributes: {}, createdAt: '2026-03-02T08:00:00.000Z' },
      parts: messages.flatMap((body) => [
        { type: 'message' as const, role: 'user', body },
        { type: 'message' as const, role: 'assistant', body: 'agent answer' },
      ]),
    };
    return {
      organizationId: 'o1',
      conversationId,
      revision,
      source: 'zendesk',
      createdAt: '2026-03-02T08:00:00.000Z',
      ingestedAt: '2026-03-03T09:00:00.000Z',
      fingerprint: 'f',
      text: await cipher.seal(conversationSubject('o1', conversationId), text),
      ingestedBy: 'u1',
    };
  };
  const logged = async () => (await events.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as IssueEvent);
  const placements = async () =>
    (await logged()).flatMap((e) => (e.type === 'ConversationIssuesExtracted' ? e.data.placements.map((p) => `${e.data.conversationId}:${p.founded ? 'founds' : 'joins'}`) : []));
  const clusterOf = async (conversationId: string) => {
    const extracted = (await logged()).filter((e) => e.type === 'ConversationIssuesExtracted' && e.data.conversationId === conversationId).at(-1);
    return extracted?.type === 'ConversationIssuesExtracted' ? extracted.data.placements.map((p) => p.clusterId) : [];
  };

  it('records a revision’s issues as one event: text sealed under the conversation’s key, terms and key phrases hashed', async () => {
    await process.extract(await ingested('c1', 1, 'login page broken', 'export fails'), caller);
    const [event] = await logged();
    expect(event.type).toBe('ConversationIssuesExtracted');
    if (event.type !== 'ConversationIssuesExtracted') return;
    expect(event.data).toMatchObject({ organizationId: 'o1', conversationId: 'c1', revision: 1, extractor: 'default' });
    expect(event.data.issues).toHaveLength(2);
    const [login] = event.data.issues;
    expect(login).toMatchObject({ createdAt: '2026-03-02T08:00:00.000Z', ingestedAt: '2026-03-03T09:00:00.000Z', source: 'zendesk', keyPhraseHashes: [termHash('login')] });
    expect(login.terms).toEqual({ [termHash('login')]: 1, [termHash('page')]: 1, [termHash('broken')]: 1 });
    expect(await cipher.open<IssueText>(conversationSubject('o1', 'c1'), login.text)).toEqual({ title: 'login page broken', summary: 'login page broken.', keyPhrases: ['login'] });
    // Nothing of the text in clear: no word of it in the event.
    for (const word of ['login', 'page', 'broken', 'export', 'fails']) expect(JSON.stringify(event.data)).not.toContain(word);
    expect(event.data.placements.map((p) => p.founded)).toEqual([true, true]);
  });

  it('does nothing on a second run of the same revision (after a crash): no extraction, no event', async () => {
    const conversation = await ingested('c1', 1, 'login page broken');
    await process.extract(conversation, caller);
    await process.extract(conversation, caller);
    await started().extract(conversation, caller);
    expect((await logged()).map((e) => e.type)).toEqual(['ConversationIssuesExtracted']);
    expect(extractor.calls).toBe(1);
  });

  it('places a similar issue into the cluster an earlier one founded, and another into a new one', async () => {
    await process.extract(await ingested('c1', 1, 'login page broken'), caller);
    await process.extract(await ingested('c2', 1, 'login fails'), caller);
    await process.extract(await ingested('c3', 1, 'billing invoice missing'), caller);
    expect(await clusterOf('c2')).toEqual(await clusterOf('c1'));
    expect(await clusterOf('c3')).not.toEqual(await clusterOf('c1'));
    expect(await placements()).toEqual(['c1:founds', 'c2:joins', 'c3:founds']);
  });

  it('withdraws the previous revision’s issues before placing a newer revision’s', async () => {
    await process.extract(await ingested('c1', 1, 'login page broken'), caller);
    const [first] = await clusterOf('c1');
    await process.extract(await ingested('c1', 2, 'billing invoice missing'), caller);
    const log = await logged();
    expect(log.map((e) => e.type)).toEqual(['ConversationIssuesExtracted', 'ConversationIssuesWithdrawn', 'ConversationIssuesExtracted']);
    expect(log[1].data).toMatchObject({ reason: 'revised', issues: [{ clusterId: first }] });
    // The withdrawn issue left the index: an issue like it founds a cluster of its own.
    await process.extract(await ingested('c2', 1, 'login page broken'), caller);
    expect(await clusterOf('c2')).not.toEqual([first]);
  });

  it('does nothing for a revision whose conversation was erased since (its key is gone)', async () => {
    const conversation = await ingested('c1', 1, 'login page broken');
    cipher.erase(conversationSubject('o1', 'c1'));
    await process.extract(conversation, caller);
    expect(await logged()).toEqual([]);
    expect(extractor.calls).toBe(0);
  });

  it('withdraws an erased conversation’s issues once, takes them out of the index, and never extracts it again', async () => {
    const conversation = await ingested('c1', 1, 'login page broken');
    await process.extract(conversation, caller);
    const [cluster] = await clusterOf('c1');
    const erased = { organizationId: 'o1', conversationId: 'c1', erasedAt: '2026-03-04T00:00:00.000Z', erasedBy: 'u1' };
    await process.withdrawErased(erased, caller);
    await process.withdrawErased(erased, caller);
    await process.extract(await ingested('c1', 2, 'login page broken'), caller);
    const log = await logged();
    expect(log.map((e) => e.type)).toEqual(['ConversationIssuesExtracted', 'ConversationIssuesWithdrawn']);
    expect(log[1].data).toMatchObject({ reason: 'erased', issues: [{ clusterId: cluster }] });
    await process.extract(await ingested('c2', 1, 'login page broken'), caller);
    expect(await placements()).toEqual(['c1:founds', 'c2:founds']);
  });

  it('rebuilds an organization’s index from its stream after a restart: recorded placements are replayed, not decided again', async () => {
    await process.extract(await ingested('c1', 1, 'login page broken'), caller);
    await process.extract(await ingested('c2', 1, 'billing invoice missing'), caller);
    await process.withdrawErased({ organizationId: 'o1', conversationId: 'c2', erasedAt: '2026-03-04T00:00:00.000Z', erasedBy: 'u1' }, caller);
    const restarted = started();
    await restarted.extract(await ingested('c3', 1, 'login fails'), caller);
    await restarted.extract(await ingested('c4', 1, 'invoice wrong'), caller);
    expect(await clusterOf('c3')).toEqual(await clusterOf('c1'));
    expect(await placements()).toEqual(['c1:founds', 'c2:founds', 'c3:joins', 'c4:founds']);
  });
});
