import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { SystemClock } from '@folio/platform/clock';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { FetchFailed } from '@folio/platform/fetch/url-fetch';
import { UrlFetcher } from '@folio/platform/fetch/url-fetcher';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { SpecParse } from '../parsing/spec-parse';
import { SpecParsing } from '../parsing/spec-parsing';
import { OpenAPISpecCommand, openapiSpecDecider } from './openapi-spec.decider';
import { openapiSpecStream, SpecSource } from './openapi-spec.events';
import { OpenAPISpecProcessing } from './spec-processing';
import { SpecTexts } from './spec-texts';

const caller = systemCaller('c1');
// The reactions are called directly: nothing waits for projections here.
const caughtUp = { waitFor: async () => true } as unknown as ProjectionProgress;
const stream = openapiSpecStream('sp1');
const YAML = 'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\npaths: {}\n';
const parsedOk = (text: string): SpecParse => ({ ok: true, format: 'yaml', openapiVersion: '3.1.0', document: { openapi: '3.1.0', length: text.length } });

/** A SpecParsing double: answers `answer` for each text, counting the calls; `during` runs inside a parse. */
class ParsingDouble {
  calls = 0;
  during: (() => Promise<void>) | null = null;
  answer: (text: string) => SpecParse = parsedOk;
  async parse(text: string): Promise<SpecParse> {
    this.calls++;
    const during = this.during;
    this.during = null;
    if (during) await during();
    return this.answer(text);
  }
}

describe('OpenAPI spec processing', () => {
  const objects = useTempObjectStore('folio-spec-processing-');
  let dir: string;
  let events: SqliteEventStore;
  let aggregates: Aggregates;
  let parsing: ParsingDouble;
  let fetch: jest.Mock;
  let processing: OpenAPISpecProcessing;
  let texts: SpecTexts;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-spec-processing-log-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    aggregates = new Aggregates(events, caughtUp, new SystemClock(), { aggregateCacheSize: 100 });
    texts = new SpecTexts(objects.store);
    parsing = new ParsingDouble();
    fetch = jest.fn();
    processing = new OpenAPISpecProcessing(aggregates, texts, { fetch } as unknown as UrlFetcher, parsing as unknown as SpecParsing, caughtUp, {} as ProcessHost);
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (command: Omit<OpenAPISpecCommand, 'now'>) => aggregates.handle(stream, openapiSpecDecider, command as OpenAPISpecCommand, caller);
  const textSource = async (text: string): Promise<SpecSource> => ({ kind: 'text', text: await texts.storeText(Buffer.from(text)) });
  const create = (source: SpecSource) => send({ type: 'CreateSpec', specId: 'sp1', organizationId: 'o1', slug: 'pets', submissionId: 's1', source, actor: 'u1' } as OpenAPISpecCommand);
  const submit = (submissionId: string, source: SpecSource) => send({ type: 'SubmitSource', submissionId, source, actor: 'u1' } as OpenAPISpecCommand);
  const types = async () => (await events.readStream(stream)).map((e) => `${e.type}:${String(e.data.submissionId ?? '')}`);
  const processedOutcomes = async () => (await events.readStream(stream)).filter((e) => e.type === 'OpenAPISpecProcessed').map((e) => e.data.outcome);

  it('processes a submitted text into a version, and a second run writes nothing and parses nothing', async () => {
    await create(await textSource(YAML));
    await processing.process('sp1', 's1', caller);
    await processing.process('sp1', 's1', caller);
    expect(await types()).toEqual(['OpenAPISpecCreated:', 'OpenAPISpecSubmitted:s1', 'OpenAPISpecProcessingStarted:s1', 'OpenAPISpecVersionAdded:s1', 'OpenAPISpecProcessed:s1']);
    expect(parsing.calls).toBe(1);
    const added = (await events.readStream(stream)).find((e) => e.type === 'OpenAPISpecVersionAdded')!;
    expect((await texts.bytes(added.data.text as never)).toString()).toBe(YAML);
    expect(JSON.parse((await texts.bytes(added.data.document as never)).toString())).toEqual({ openapi: '3.1.0', length: YAML.length });
  });

  it('re-runs a processing a crash interrupted after it started, and records one result', async () => {
    await create(await textSource(YAML));
    const stored = jest.spyOn(texts, 'storeDocument').mockRejectedValueOnce(new Error('killed'));
    await expect(processing.process('sp1', 's1', caller)).rejects.toThrow('killed');
    stored.mockRestore();
    expect(await types()).toEqual(['OpenAPISpecCreated:', 'OpenAPISpecSubmitted:s1', 'OpenAPISpecProcessingStarted:s1']);
    await processing.process('sp1', 's1', caller);
    await processing.process('sp1', 's1', caller);
    expect(await types()).toEqual(['OpenAPISpecCreated:', 'OpenAPISpecSubmitted:s1', 'OpenAPISpecProcessingStarted:s1', 'OpenAPISpecVersionAdded:s1', 'OpenAPISpecProcessed:s1']);
  });

  it('skips a submission a newer one replaced before it ran, and processes the newer one', async () => {
    await create(await textSource(YAML));
    await submit('s2', await textSource(`${YAML}# two\n`));
    await processing.process('sp1', 's1', caller);
    expect(parsing.calls).toBe(0);
    await processing.process('sp1', 's2', caller);
    expect((await types()).slice(3)).toEqual(['OpenAPISpecProcessingStarted:s2', 'OpenAPISpecVersionAdded:s2', 'OpenAPISpecProcessed:s2']);
  });

  it("drops the result of a submission a newer one replaced while it ran; the newer one's is recorded", async () => {
    await create(await textSource(YAML));
    const newer = await textSource(`${YAML}# two\n`);
    parsing.during = async () => {
      await submit('s2', newer);
    };
    await processing.process('sp1', 's1', caller);
    await processing.process('sp1', 's2', caller);
    expect((await types()).slice(1)).toEqual([
      'OpenAPISpecSubmitted:s1',
      'OpenAPISpecProcessingStarted:s1',
      'OpenAPISpecSubmitted:s2',
      'OpenAPISpecProcessingStarted:s2',
      'OpenAPISpecVersionAdded:s2',
      'OpenAPISpecProcessed:s2',
    ]);
  });

  it('makes no new version of a fetched text equal to the latest version', async () => {
    fetch.mockResolvedValue({ bytes: Buffer.from(YAML) });
    const url: SpecSource = { kind: 'url', url: 'https://example.com/openapi.yaml' };
    await create(url);
    await processing.process('sp1', 's1', caller);
    await send({ type: 'RefreshSpec', submissionId: 's2', actor: 'u1' } as OpenAPISpecCommand);
    await processing.process('sp1', 's2', caller);
    expect((await types()).filter((t) => t.startsWith('OpenAPISpecVersionAdded'))).toEqual(['OpenAPISpecVersionAdded:s1']);
    expect(await processedOutcomes()).toHaveLength(2);
    expect(fetch).toHaveBeenCalledWith('https://example.com/openapi.yaml', 10 * 1024 * 1024);
  });

  it('tells a fetch that timed out (FETCH_TIMEOUT) from one that failed otherwise (FETCH_ERROR)', async () => {
    const url: SpecSource = { kind: 'url', url: 'https://example.com/openapi.yaml' };
    fetch.mockRejectedValueOnce(new FetchFailed('no answer within 1 s', true)).mockRejectedValueOnce(new FetchFailed('the server answered 500'));
    await create(url);
    await processing.process('sp1', 's1', caller);
    await send({ type: 'RefreshSpec', submissionId: 's2', actor: 'u1' } as OpenAPISpecCommand);
    await processing.process('sp1', 's2', caller);
    expect(await processedOutcomes()).toEqual([
      { ok: false, errorCode: 'FETCH_TIMEOUT', errors: [{ message: 'no answer within 1 s' }], errorCount: 1 },
      { ok: false, errorCode: 'FETCH_ERROR', errors: [{ message: 'the server answered 500' }], errorCount: 1 },
    ]);
    expect(parsing.calls).toBe(0);
  });

  it("records a parse's problems as PARSE_ERROR, and no version", async () => {
    parsing.answer = () => ({ ok: false, format: 'yaml', errors: [{ message: 'cannot resolve #/components/schemas/Nope', code: 'missing-ref', path: '/paths/~1pets', line: 7 }], errorCount: 3 });
    await create(await textSource(YAML));
    await processing.process('sp1', 's1', caller);
    expect(await processedOutcomes()).toEqual([
      { ok: false, errorCode: 'PARSE_ERROR', errors: [{ message: 'cannot resolve #/components/schemas/Nope', code: 'missing-ref', path: '/paths/~1pets', line: 7 }], errorCount: 3 },
    ]);
    expect(await types()).not.toContain('OpenAPISpecVersionAdded:s1');
  });

  it('records a parse that throws as PARSE_ERROR, so that the next submissions are not held back', async () => {
    parsing.answer = () => {
      throw new Error('worker exited');
    };
    await create(await textSource(YAML));
    await processing.process('sp1', 's1', caller);
    expect(await processedOutcomes()).toEqual([{ ok: false, errorCode: 'PARSE_ERROR', errors: [{ message: 'the document could not be parsed: worker exited' }], errorCount: 1 }]);
  });

  it('does nothing for a deleted spec', async () => {
    await create(await textSource(YAML));
    await send({ type: 'DeleteSpec', actor: 'u1' } as OpenAPISpecCommand);
    await processing.process('sp1', 's1', caller);
    expect(parsing.calls).toBe(0);
  });
});
