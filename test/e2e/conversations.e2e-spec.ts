import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conversationSubject } from '@folio/insights/conversations/conversation.events';
import { conversationStream } from '@folio/insights/conversations/conversation-stream';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { extractionSettled } from '../support/insights';
import { BACKGROUND_WAIT_MS, cli, PROCESS_TEST_TIMEOUT_MS } from '../support/processes';
import { organizationWithRoles, RoleCast, User } from '../support/roles';
import { startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;
type Listed = { items: Json[]; count: number; next?: { page: string } };

/**
 * The seed's conversation routes are not in the client's spec: they are called through its generic
 * request, and their fields checked by hand against the seed's lists.
 */
const conversation = (id: string, overrides: Json = {}): Json => ({
  id,
  subject: `About ${id}`,
  metadata: { url: 'https://help.acme.io/tickets/1', attributes: { source: 'zendesk', plan: 'pro' }, createdAt: '2026-02-20T10:00:00.000Z' },
  parts: [
    { type: 'message', role: 'user', body: 'I cannot find how to invite a teammate.' },
    { type: 'message', role: 'agent', body: 'Open the members page.' },
  ],
  ...overrides,
});
const metadata = (createdAt: string, extra: Json = {}) => ({ attributes: {}, createdAt, ...extra });
/** A test whose refusals wait for the extraction of what it ingested (each wait bounded by processReached's 15 s). */
const EXTRACTION_TEST_MS = 60_000;

describe('conversations', () => {
  let server: TestServer;
  let cast: RoleCast;
  let base: string;

  beforeAll(async () => {
    server = await startServer();
    cast = await organizationWithRoles(server);
    base = `/orgs/${cast.orgId}/conversations`;
  }, 60_000);
  afterAll(() => server.stop());

  /** Through the client's generic request; a body is parsed only where one is answered (writes answer 204/205). */
  async function call<T = Json>(user: User, method: string, path: string, body?: unknown, query?: Json) {
    return server.as(user.token).request<T>({ method, path, body, query, format: method === 'GET' ? 'json' : undefined, secure: true, type: 'application/json' as never });
  }
  const ingest = async (user: User, body: unknown) => expect((await call(user, 'POST', base, body)).status).toBe(204);
  const get = async (user: User, id: string) => (await call(user, 'GET', `${base}/${encodeURIComponent(id)}`)).data;
  const list = async (user: User, query?: Json) => (await call<Listed>(user, 'GET', base, undefined, query)).data;
  /** A refusal writes nothing: the extraction process (it appends in the background after each ingest) is let finish first. */
  const refused = async (user: User, method: string, path: string, body?: unknown, status?: number) => {
    await extractionSettled(server);
    return server.expectRefused(user.token, method, `/v1${path}`, body, status);
  };
  const failed = async (promise: Promise<unknown>, status: number) => expect(promise).rejects.toMatchObject({ code: status });
  const revisions = async (id: string) => (await server.events.readStream(conversationStream(cast.orgId, id))).map((e) => [e.type, (e.data as { revision?: number }).revision]);

  describe('ingest and read', () => {
    it('stores one conversation (204) and reads it back in the seed\u2019s shape', async () => {
      await ingest(cast.ed, conversation('ticket-1'));
      const read = await get(cast.rita, 'ticket-1');
      expect(read).toEqual({
        conversation: {
          object: 'conversation',
          id: 'ticket-1',
          subject: 'About ticket-1',
          createdAt: '2026-02-20T10:00:00.000Z',
          source: 'zendesk',
          urls: { location: `${server.url}/v1/orgs/${cast.orgId}/conversations/ticket-1`, source: 'https://help.acme.io/tickets/1' },
        },
        parts: (conversation('ticket-1') as { parts: unknown }).parts,
        metadata: (conversation('ticket-1') as { metadata: unknown }).metadata,
      });
      expect(await revisions('ticket-1')).toEqual([['ConversationIngested', 1]]);
    });

    it('stores an array of them; the same again writes nothing, changed text is a new revision', async () => {
      await ingest(cast.ann, [conversation('ticket-2'), conversation('ticket-3')]);
      expect(((await get(cast.rita, 'ticket-3')) as { conversation: Json }).conversation.id).toBe('ticket-3');

      const head = await server.head();
      await ingest(cast.ed, [conversation('ticket-2'), conversation('ticket-3')]);
      expect(await server.head()).toBe(head);

      const changed = conversation('ticket-2', { parts: [{ type: 'message', role: 'user', body: 'Still broken: the invite link fails.' }] });
      await ingest(cast.ed, changed);
      expect(await revisions('ticket-2')).toEqual([['ConversationIngested', 1], ['ConversationIngested', 2]]);
      expect(((await get(cast.rita, 'ticket-2')) as { parts: unknown }).parts).toEqual(changed.parts);
    });

    it('takes `source` from attributes.source, else the URL\u2019s host, else `api`; lists newest first (then by id), of one source, page by page', async () => {
      await ingest(cast.ed, [
        conversation('src-a', { metadata: metadata('2026-02-25T00:00:00.000Z', { url: 'https://support.acme.io/c/1' }) }),
        conversation('src-b', { metadata: metadata('2026-02-27T00:00:00+02:00') }),
        conversation('src-c', { metadata: metadata('2026-02-26T22:00:00.000Z') }),
      ]);
      const all = await list(cast.rita);
      expect(all.count).toBe(all.items.length);
      // src-b's time is src-c's in UTC (times are kept in UTC); equal times go by id, in the same (descending) order.
      expect(all.items.map((c) => [c.id, c.source, c.createdAt]).slice(0, 3)).toEqual([
        ['src-c', 'api', '2026-02-26T22:00:00.000Z'],
        ['src-b', 'api', '2026-02-26T22:00:00.000Z'],
        ['src-a', 'support.acme.io', '2026-02-25T00:00:00.000Z'],
      ]);
      expect(all.items.slice(3).map((c) => c.source)).toEqual(['zendesk', 'zendesk', 'zendesk']);
      expect(all.items[0]).not.toHaveProperty('processedAt');

      const api = await list(cast.rita, { source: 'api' });
      expect(api.items.map((c) => c.id)).toEqual(['src-c', 'src-b']);
      expect((await list(cast.rita, { source: 'support.acme.io' })).items.map((c) => c.id)).toEqual(['src-a']);

      const first = await list(cast.rita, { limit: 2 });
      expect(first.next).toBeDefined();
      const second = await list(cast.rita, { limit: 2, page: first.next!.page });
      expect([...first.items, ...second.items].map((c) => c.id)).toEqual(all.items.slice(0, 4).map((c) => c.id));
    });

    it('answers 404 for a conversation never ingested', () => failed(get(cast.rita, 'nope'), 404));

    it('keeps ids that name something on every object as plain data', async () => {
      await ingest(cast.ed, [conversation('constructor'), conversation('__proto__'), conversation('a/b?c')]);
      for (const id of ['constructor', '__proto__', 'a/b?c']) expect(((await get(cast.rita, id)) as { conversation: Json }).conversation.id).toBe(id);
      await failed(get(cast.rita, 'toString'), 404);
      await call(cast.ed, 'DELETE', `${base}/constructor`);
      await call(cast.ed, 'DELETE', `${base}/__proto__`);
      await call(cast.ed, 'DELETE', `${base}/${encodeURIComponent('a/b?c')}`);
    });
  });

  describe('limits and bad input (400, nothing written)', () => {
    it('takes 100 conversations, 200 parts and 64 KiB parts; refuses 101, 201, a byte more, and over 1 MiB (413)', async () => {
      await ingest(cast.ed, Array.from({ length: 100 }, (_, i) => conversation(`bulk-${i}`, { metadata: metadata('2026-01-01T00:00:00.000Z') })));
      const parts = (n: number, body = 'x') => Array.from({ length: n }, () => ({ type: 'message', role: 'user', body }));
      await ingest(cast.ed, conversation('many-parts', { parts: parts(200) }));
      await ingest(cast.ed, conversation('long-part', { parts: parts(1, 'y'.repeat(64 * 1024)) }));
      expect(((await get(cast.rita, 'long-part')) as { parts: { body: string }[] }).parts[0].body).toHaveLength(64 * 1024);

      await refused(cast.ed, 'POST', base, Array.from({ length: 101 }, (_, i) => conversation(`over-${i}`)));
      await refused(cast.ed, 'POST', base, conversation('too-many-parts', { parts: parts(201) }));
      await refused(cast.ed, 'POST', base, conversation('too-long-part', { parts: parts(1, 'y'.repeat(64 * 1024 + 1)) }));
      await refused(cast.ed, 'POST', base, [conversation('big-1', { parts: parts(15, 'z'.repeat(60_000)) }), conversation('big-2', { parts: parts(5, 'z'.repeat(60_000)) })], 413);
      await failed(get(cast.rita, 'big-1'), 404);
    }, EXTRACTION_TEST_MS);

    it('refuses every malformed conversation, and a whole array when one item is bad', async () => {
      const good = conversation('good-one');
      const bad: [string, unknown][] = [
        ['no id', { ...good, id: undefined }],
        ['empty id', { ...good, id: '' }],
        ['id over 100 characters escaped', { ...good, id: 'é'.repeat(20) }],
        ['subject too long', { ...good, subject: 's'.repeat(1001) }],
        ['no metadata', { ...good, metadata: undefined }],
        ['ftp url', { ...good, metadata: metadata('2026-02-01T00:00:00Z', { url: 'ftp://acme.io/x' }) }],
        ['url too long', { ...good, metadata: metadata('2026-02-01T00:00:00Z', { url: `https://acme.io/${'a'.repeat(2048)}` }) }],
        ['attribute not a string', { ...good, metadata: { attributes: { plan: 3 }, createdAt: '2026-02-01T00:00:00Z' } }],
        ['attributes an array', { ...good, metadata: { attributes: ['a'], createdAt: '2026-02-01T00:00:00Z' } }],
        ['too many attributes', { ...good, metadata: { attributes: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])), createdAt: '2026-02-01T00:00:00Z' } }],
        ['bad createdAt', { ...good, metadata: metadata('yesterday') }],
        ['no parts', { ...good, parts: [] }],
        ['part of another type', { ...good, parts: [{ type: 'note', role: 'user', body: 'x' }] }],
        ['part without role', { ...good, parts: [{ type: 'message', body: 'x' }] }],
        ['unknown property', { ...good, extra: true }],
        ['empty array', []],
        ['not an object', 'text'],
        ['one bad item among good ones', [good, { ...good, id: 'other', parts: [] }]],
      ];
      for (const [what, body] of bad) {
        const message = await refused(cast.ed, 'POST', base, body).catch((error: Error) => {
          throw new Error(`${what}: ${error.message}`);
        });
        expect(message).toEqual(expect.any(String));
      }
      expect(await refused(cast.ed, 'POST', base, [good, { ...good, id: 'other', parts: [] }])).toMatch(/^item 1: parts/);
      // A key that would reach the prototype is refused where it stands (the body parser's rule).
      const response = await server.fetch(`/v1${base}`, {
        method: 'POST',
        token: cast.ed.token,
        headers: { 'content-type': 'application/json' },
        body: `{"id":"proto","subject":"s","metadata":{"attributes":{"__proto__":"x"},"createdAt":"2026-02-01T00:00:00Z"},"parts":[{"type":"message","role":"user","body":"b"}]}`,
      });
      expect(response.status).toBe(400);
      await failed(get(cast.rita, 'good-one'), 404);
      await failed(get(cast.rita, 'proto'), 404);
    }, EXTRACTION_TEST_MS);
  });

  describe('callers', () => {
    it('hides the organization\u2019s conversations from strangers (404) and lets only editors and up write (403)', async () => {
      await refused(cast.cat, 'POST', base, conversation('x'), 404);
      await refused(cast.cat, 'GET', base, undefined, 404);
      await refused(cast.cat, 'GET', `${base}/ticket-1`, undefined, 404);
      await refused(cast.cat, 'DELETE', `${base}/ticket-1`, undefined, 404);
      await refused(cast.rita, 'POST', base, conversation('x'), 403);
      await refused(cast.rita, 'DELETE', `${base}/ticket-1`, undefined, 403);
      expect(((await get(cast.rita, 'ticket-1')) as { conversation: Json }).conversation.id).toBe('ticket-1');
    }, EXTRACTION_TEST_MS);
  });

  describe('erasure', () => {
    it('erases a conversation (205): 404 after, 204 again, gone from the list, and its id refuses a new ingest (409)', async () => {
      await ingest(cast.ed, conversation('to-erase'));
      expect((await call(cast.ed, 'DELETE', `${base}/to-erase`)).status).toBe(205);
      await failed(get(cast.rita, 'to-erase'), 404);
      expect((await call(cast.ed, 'DELETE', `${base}/to-erase`)).status).toBe(204);
      expect((await call(cast.ed, 'DELETE', `${base}/never-there`)).status).toBe(204);
      expect((await list(cast.rita, { limit: 1000 })).items.map((c) => c.id)).not.toContain('to-erase');
      await refused(cast.ed, 'POST', base, conversation('to-erase'), 409);
      expect(await revisions('to-erase')).toEqual([['ConversationIngested', 1], ['ConversationErased', undefined]]);
    }, EXTRACTION_TEST_MS);

    it('answers 404 for a conversation whose key is destroyed but whose erasure was not recorded (a crash between), and a retried DELETE completes it', async () => {
      await ingest(cast.ed, conversation('half-erased'));
      await server.app.get(SubjectCipher).erase(conversationSubject(cast.orgId, 'half-erased'));
      await failed(get(cast.rita, 'half-erased'), 404);
      expect((await list(cast.rita, { limit: 1000 })).items.map((c) => c.id)).not.toContain('half-erased');
      expect((await call(cast.ed, 'DELETE', `${base}/half-erased`)).status).toBe(205);
      expect(await revisions('half-erased')).toEqual([['ConversationIngested', 1], ['ConversationErased', undefined]]);
    });
  });
});

/**
 * The erasure bar: an erased conversation's text is nowhere readable in the data directory (the logs, the
 * read models, their WAL and journal files, and whatever else is there), before a rebuild and after it.
 * Before the erasure, the text is not there in clear either: it is sealed everywhere.
 */
describe('conversation erasure leaves nothing readable', () => {
  const SENTENCE = 'Quentin Marmalade from Zanzibar cannot reconcile the flamingo ledger since Tuesday';
  const WORDS = ['Quentin', 'Marmalade', 'Zanzibar', 'reconcile', 'flamingo', 'ledger'];
  const SUBJECT = 'Refund for Xylophonic Brouhaha';

  /** Every file under the data directory, as bytes. */
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  }
  /** Which of `needles` any file holds in clear (case aside), in UTF-8 or UTF-16, as `<file>: <needle>`. */
  function found(dataDir: string, needles: string[]): string[] {
    const lowered = needles.map((w) => w.toLowerCase());
    const hits: string[] = [];
    for (const path of files(dataDir)) {
      const bytes = readFileSync(path);
      const utf8 = bytes.toString('latin1').toLowerCase();
      const utf16 = bytes.toString('utf16le').toLowerCase() + bytes.subarray(1).toString('utf16le').toLowerCase();
      for (const needle of lowered) if (utf8.includes(needle) || utf16.includes(needle)) hits.push(`${path}: ${needle}`);
    }
    return hits;
  }
  /** What of the conversation's text the data directory holds readable: the sentence, the subject or any of their words. */
  const readable = (dataDir: string) => found(dataDir, [SENTENCE, SUBJECT, ...WORDS, 'Xylophonic', 'Brouhaha']);

  it(
    'greps the data directory for the text: sealed while it lives, gone for good after the erasure and after a rebuild',
    async () => {
      // A data directory of the test's own: the server removes only the one it made, and this one outlives it.
      const dataDir = mkdtempSync(join(tmpdir(), 'folio-erasure-'));
      const first = await startServer({ dataDir });
      let server: TestServer | undefined = first;
      try {
        const { orgId, ed, rita } = await organizationWithRoles(first);
        const path = `/orgs/${orgId}/conversations`;
        const call = (s: TestServer, user: User, method: string, p: string, body?: unknown) =>
          s.as(user.token).request<Json>({ method, path: p, body, format: method === 'GET' ? 'json' : undefined, secure: true, type: 'application/json' as never });
        const body = {
          id: 'private-1',
          subject: SUBJECT,
          metadata: { url: 'https://help.acme.io/flamingo-ledger', attributes: { customer: 'Quentin Marmalade', source: 'intercom' }, createdAt: '2026-02-20T10:00:00Z' },
          parts: [
            { type: 'message', role: 'user', body: SENTENCE },
            { type: 'message', role: 'agent', body: `Sorry to hear Quentin: ${SENTENCE.toUpperCase()}` },
          ],
        };
        expect((await call(first, ed, 'POST', path, body)).status).toBe(204);
        expect((await call(first, ed, 'POST', path, { ...body, id: 'kept', parts: [{ type: 'message', role: 'user', body: 'The search box is broken.' }] })).status).toBe(204);
        expect(((await call(first, rita, 'GET', `${path}/private-1`)).data as { parts: { body: string }[] }).parts[0].body).toBe(SENTENCE);
        expect(readable(dataDir)).toEqual([]);
        // The grep does see what is stored in clear (a member's name): an empty answer above means something.
        expect(found(dataDir, ['Rita Reader'])).not.toEqual([]);

        expect((await call(first, ed, 'DELETE', `${path}/private-1`)).status).toBe(205);
        expect(readable(dataDir)).toEqual([]);
        const answers = async (s: TestServer) => [(await call(s, rita, 'GET', path)).data, (await call(s, rita, 'GET', `${path}/kept`)).data];
        // The extraction appends in the background and its result shows (`processedAt`): compare answers once it is
        // projected, not while it may land between the two reads.
        await extractionSettled(first);
        expect(await first.app.get(ProjectionProgress).waitFor((await first.head())!, BACKGROUND_WAIT_MS)).toBe(true);
        const before = await answers(first);
        await first.stop();
        server = undefined;

        const rebuilt = cli(dataDir, ['projections', 'rebuild']);
        expect(rebuilt.status).toBe(0);
        expect(readable(dataDir)).toEqual([]);

        server = await startServer({ dataDir });
        await expect(call(server, rita, 'GET', `${path}/private-1`)).rejects.toMatchObject({ code: 404 });
        const listed = (await call(server, rita, 'GET', path)).data as Listed;
        expect(listed.items.map((c) => c.id)).toEqual(['kept']);
        // The rebuild leaves every answer as it was (the URLs aside: the new server listens elsewhere).
        expect(JSON.stringify(await answers(server)).replaceAll(server.url, '')).toBe(JSON.stringify(before).replaceAll(first.url, ''));
        expect(readable(dataDir)).toEqual([]);
      } finally {
        await server?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
