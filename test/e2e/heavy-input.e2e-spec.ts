import { ChangeRequest } from '@gitbook/api';
import { footnotes, markdownPage, markdownTable as table, shortLinks as links, wideDocument } from '../../bench/hostile-payloads';
import { expectMatchesSpec } from '../support/openapi';
import { startServer, TestServer } from '../support/server';

type User = { id: string; token: string };
type Answer = { status: number; body: unknown; headers: Headers };

/** GETs that complete while a heavy request is outstanding, at least: a blocked event loop lets one through at most. */
const GETS_ALONGSIDE = 5;


/**
 * The hostile inputs of issue 18 (each once held every other request for seconds to minutes, or answered 500):
 * refused before the work starts when over a documented limit, writing nothing; otherwise done by a worker
 * thread while GETs go on. No clock is read: the proof is that GETs keep completing before the heavy request
 * does, which a blocked event loop cannot do.
 */
describe('heavy input does not stop the server', () => {
  let server: TestServer;
  let admin: User;
  let spaceId: string;
  let cr: ChangeRequest;
  let readPath: string;

  beforeAll(async () => {
    server = await startServer();
    admin = await server.createUser('admin@acme.io');
    const org = (await server.as(admin.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data;
    spaceId = (await server.as(admin.token).orgs.createSpace(org.id, { title: 'Docs' })).data.id;
    cr = (await server.as(admin.token).spaces.createChangeRequest(spaceId, { subject: 'Heavy' })).data;
    const small = await write([{ operation: 'insert_page', title: 'Small', document: { markdown: 'A small page.' } }]);
    expect(small.status).toBe(200);
    const pageId = (small.body as { changes: { page: { id: string } }[] }).changes[0].page.id;
    readPath = `/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${pageId}`;
  }, 60_000);
  afterAll(() => server.stop());

  /** `compat=false`: the answer names the pages the batch created. */
  const contentPath = () => `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`;
  const write = (changes: unknown[]) =>
    server.fetch(contentPath(), { method: 'POST', token: admin.token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ changes }) });

  /**
   * Sends `heavy` and, until it answers, GETs a small page one after another: answers the heavy request's
   * answer and how many GETs completed before it, every one of which must have succeeded.
   */
  async function alongside(heavy: () => Promise<Answer>): Promise<{ answer: Answer; before: number }> {
    let answered = false;
    const pending = heavy().finally(() => (answered = true));
    let before = 0;
    const reads = (async () => {
      while (!answered) {
        const read = await server.fetch(readPath, { token: admin.token });
        expect(read.status).toBe(200);
        if (!answered) before++;
      }
    })();
    const answer = await pending;
    await reads;
    return { answer, before };
  }

  /** The heavy request is refused with `status` and the error body, and the log is as it was. */
  async function expectRefusedAlongside(status: number, message: RegExp, heavy: () => Promise<Answer>) {
    const head = await server.head();
    const { answer } = await alongside(heavy);
    expect(answer.body).toEqual({ error: { code: status, message: expect.stringMatching(message) } });
    expect(answer.status).toBe(status);
    expect(await server.head()).toBe(head);
  }

  const page = (markdown: string) => [markdownPage(markdown)];

  describe('refused before the work starts, writing nothing', () => {
    it('a page of 100,000 links (was a 500: stack overflow in BatchRefs.inDocument)', () =>
      expectRefusedAlongside(413, /changes\[0\]\.document\.markdown: The markdown is more than 1 MiB/, () =>
        write(page(Array.from({ length: 100_000 }, (_, i) => `[link ${i}](https://example.com/${i})`).join('\n\n'))),
      ));

    it('200,000 empty list items', () => expectRefusedAlongside(413, /more than 20000 lines/, () => write(page('-\n'.repeat(200_000)))));

    it('98 KB of nested brackets', () =>
      expectRefusedAlongside(400, /square brackets/, () => write(page('['.repeat(49_000) + ']'.repeat(49_000)))));

    it('50,000 footnotes, one a line', () => expectRefusedAlongside(413, /more than 20000 lines/, () => write(page(footnotes(50_000)))));

    it('5,000 footnotes', () => expectRefusedAlongside(400, /more than 1000 footnote definitions/, () => write(page(footnotes(5_000)))));

    it('a JSON document of 20,000 quoted rows (more than 50,000 nodes), refused before it is copied', () => {
      const cell = (text: string) => ({ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] });
      const row = (i: number) => ({ object: 'block', type: 'paragraph', nodes: [cell(`row ${i}`)] });
      const document = { object: 'document', data: {}, nodes: Array.from({ length: 20_000 }, (_, i) => ({ object: 'block', type: 'blockquote', nodes: [row(i)] })) };
      return expectRefusedAlongside(413, /changes\[0\]\.document\.document: The document holds more than 50000 nodes/, () =>
        write([{ operation: 'insert_page', title: 'Rows', document: { document } }]),
      );
    });

    it('a 31.9 MiB batch of one page (under the route\'s 32 MiB)', () =>
      expectRefusedAlongside(413, /more than 1 MiB/, () => write(page('word '.repeat(Math.floor((31.9 * 1024 * 1024) / 5) - 100)))));

    it('a body over 1 MiB is read by a worker thread, with the same refusals as any body', async () => {
      const padding = 'x'.repeat(2 * 1024 * 1024);
      const send = (body: string) =>
        server.fetch(contentPath(), { method: 'POST', token: admin.token, headers: { 'content-type': 'application/json' }, body });
      await expectRefusedAlongside(400, /^Malformed JSON body/, () => send(`{"changes":[],"pad":"${padding}"`));
      await expectRefusedAlongside(400, /deeper than 64 levels/, () => send(`{"pad":"${padding}","changes":${'['.repeat(65)}${']'.repeat(65)}}`));
      await expectRefusedAlongside(400, /property named __proto__/, () => send(`{"pad":"${padding}","__proto__":{}}`));
      await expectRefusedAlongside(400, /property pad should not exist/, () => send(JSON.stringify({ changes: [markdownPage('a')], pad: padding })));
    }, 60_000);

    it('a page document over the 7 MiB a content object holds', () => {
      // One paragraph of 8 MiB: within the node bound, over the object bound (an EventStoreDB event in the compose setup).
      const document = wideDocument(1, 'x'.repeat(8 * 1024 * 1024));
      return expectRefusedAlongside(413, /The page's document is 8\.1 MiB, more than the 7 MiB the content store holds/, () =>
        write([{ operation: 'insert_page', title: 'Big', document: { document } }]),
      );
    });
  });

  describe('done by a worker thread while GETs go on', () => {
    it('a page at the edge of the limits is read, or refused past its time limit, never a 5xx, while GETs complete', async () => {
      // 100 paragraphs of 500 links: within every scan bound (350 KB), 50,000 links (100,000 nodes once parsed).
      const head = await server.head();
      const { answer, before } = await alongside(() => write(page(links(100, 500))));
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ error: { code: 413, message: expect.stringMatching(/more than 50000 nodes|took more than 20 s/) } });
      expect(await server.head()).toBe(head);
      expect(before).toBeGreaterThanOrEqual(GETS_ALONGSIDE);
    }, 120_000);

    it('a 4,000-row table is stored, then read back as markdown, while GETs complete', async () => {
      const stored = await alongside(() => write(page(table(4_000))));
      expect(stored.answer.status).toBe(200);
      expect(stored.before).toBeGreaterThanOrEqual(GETS_ALONGSIDE);
      const location = (stored.answer.body as { changes: { page: { urls: { location: string } } }[] }).changes[0].page.urls.location;
      const read = await alongside(() => server.fetch(`${new URL(location).pathname}?format=markdown`, { token: admin.token }));
      expect(read.answer.status).toBe(200);
      const { markdown } = read.answer.body as { markdown: string };
      expect(markdown).toContain('| name 3999 | value 3999 | note 3999 |');
      expect(read.before).toBeGreaterThanOrEqual(GETS_ALONGSIDE);
    }, 120_000);

    it('a comment of 60 KiB of nested images (a quarter second of parsing per KiB) is read by a worker while GETs complete', async () => {
      const nestedImages = `${'!['.repeat(32)}a${'](x)'.repeat(32)} `.repeat(5);
      const markdown = Array.from({ length: 64 }, () => nestedImages).join('\n\n');
      const { answer, before } = await alongside(() =>
        server.fetch(`/v1/spaces/${spaceId}/change-requests/${cr.id}/comments`, {
          method: 'POST',
          token: admin.token,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ body: { markdown } }),
        }),
      );
      expect([200, 413]).toContain(answer.status);
      expect(before).toBeGreaterThanOrEqual(GETS_ALONGSIDE);
    }, 120_000);

    it('a PDF of pages of long tables is printed while GETs complete; past 200,000 nodes it is refused before drawing', async () => {
      const pages = Array.from({ length: 6 }, (_, i) => ({ operation: 'insert_page', title: `Table ${i}`, document: { markdown: table(200) } }));
      expect((await write(pages)).status).toBe(200);
      const pdf = await alongside(() => server.fetch(`/v1/spaces/${spaceId}/change-requests/${cr.id}/pdf`, { token: admin.token }));
      expect(pdf.answer.status).toBe(200);
      expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/pdf', 200, pdf.answer.body);
      expect(pdf.before).toBeGreaterThanOrEqual(GETS_ALONGSIDE);

      // 5 pages of 45,000 nodes each (a paragraph of as many leaves): 225,000 in all, counted as the pages are read.
      const long = wideDocument(45_000 - 2);
      const more = Array.from({ length: 5 }, (_, i) => ({ operation: 'insert_page', title: `Long ${i}`, document: { document: long } }));
      expect((await write(more)).status).toBe(200);
      await expectRefusedAlongside(400, /A PDF prints at most 200000 document nodes/, () =>
        server.fetch(`/v1/spaces/${spaceId}/change-requests/${cr.id}/pdf`, { token: admin.token }),
      );
    }, 240_000);
  });
});
