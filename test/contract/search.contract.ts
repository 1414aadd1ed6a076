import { rebuildProjections } from '@folio/platform/projections/rebuild';
import { Doc, ReadStore } from '@folio/platform/read-store/read-store.port';
import { SearchIndex, SearchQuery, TextIndexedCollection } from '@folio/platform/search/search.port';
import { EventStore, StoredEvent } from '@folio/platform/event-store/event-store.port';

export interface SearchFixture {
  /** A read store and a search index over the same storage. */
  open(): Promise<{ reads: ReadStore; search: SearchIndex }>;
  cleanup(): Promise<void>;
}

const PAGES: TextIndexedCollection = {
  name: 'articles',
  indexes: [['group']],
  textIndex: { fields: { title: 10, body: 1 } },
};

type Article = Doc & { group: string; title: string; body: string };

const article = (id: string, title: string, body: string, group = 'g1'): Article => ({ id, group, title, body });

/** One suite, run against every adapter of the search port. */
export function searchContract(name: string, fixture: () => SearchFixture) {
  describe(`search contract: ${name}`, () => {
    let f: SearchFixture;
    let reads: ReadStore;
    let search: SearchIndex;
    let position = 0;

    const write = async (work: (tx: Parameters<Parameters<ReadStore['transaction']>[2]>[0]) => Promise<void>) =>
      reads.transaction('p', String(++position), work);
    const seed = (docs: Article[]) => write(async (tx) => {
      for (const d of docs) await tx.upsert(PAGES.name, d);
    });
    const find = async (text: string, more: Partial<SearchQuery> = {}) => {
      const result = await search.search<Article>(PAGES, { text, limit: 20, offset: 0, ...more });
      return { ...result, ids: result.hits.map((h) => h.doc.id) };
    };

    beforeEach(async () => {
      f = fixture();
      ({ reads, search } = await f.open());
      await reads.ensureCollections([PAGES]);
      await reads.ensureCollections([PAGES]); // idempotent
    });
    afterEach(async () => {
      await search.close();
      await reads.close();
      await f.cleanup();
    });

    it('ranks a title hit above a body hit, with scores that fall', async () => {
      // The same words, swapped between title and body: only the fields' weights tell them apart.
      await seed([
        article('body', 'Getting started', 'Configure the gateway'),
        article('title', 'Configure the gateway', 'Getting started'),
        article('none', 'Unrelated', 'Nothing to see.'),
      ]);
      const { hits, ids, matched } = await find('gateway');
      expect(ids).toEqual(['title', 'body']);
      expect(matched).toBe('all');
      expect(hits[0].score).toBeGreaterThan(hits[1].score);
      expect(hits[1].score).toBeGreaterThanOrEqual(0);
      expect(hits[0].doc).toEqual(article('title', 'Configure the gateway', 'Getting started'));
    });

    it('matches the last word as a prefix while it is being typed, and as a whole word after a space', async () => {
      await seed([article('a', 'Installation guide', 'How to install'), article('b', 'Instance sizes', 'Pick one')]);
      expect((await find('installat')).ids).toEqual(['a']);
      expect((await find('inst')).ids.sort()).toEqual(['a', 'b']);
      expect((await find('guide inst')).ids).toEqual(['a']);
      expect((await find('inst ')).ids).toEqual([]);
      // Only the last word is a prefix: "gui" is no word of "a", so only the any-word fallback finds it.
      expect(await find('gui installation')).toMatchObject({ ids: ['a'], matched: 'any' });
    });

    it('wants every word, and takes any word when no document has them all', async () => {
      await seed([
        article('both', 'Deploy', 'deploy to kubernetes with helm'),
        article('one', 'Kubernetes', 'clusters and nodes'),
        article('other', 'Docker', 'images'),
      ]);
      const all = await find('kubernetes helm');
      expect(all).toMatchObject({ ids: ['both'], matched: 'all' });
      const any = await find('kubernetes terraform docker');
      expect(any.matched).toBe('any');
      expect(any.ids.sort()).toEqual(['both', 'one', 'other']);
      // A single word that matches nothing stays nothing.
      expect(await find('terraform')).toMatchObject({ ids: [], more: false });
    });

    it.each([['"foo AND ('], ['*'], ['NEAR('], ['foo OR'], ['"'], ['-foo'], ['title:foo'], ['foo^2 {bar}'], ['AND'], ['(((']])(
      'reads %j as words, never as syntax',
      async (text) => {
        await seed([article('a', 'foo', 'bar and near'), article('b', 'title', 'and or not')]);
        await expect(find(text)).resolves.toBeDefined();
      },
    );

    it('finds the words around syntax characters', async () => {
      await seed([article('a', 'Foo bar', 'near things'), article('b', 'And then', 'or else')]);
      // No document has both "foo" and "and": either will do.
      const any = await find('"foo AND (');
      expect([any.matched, any.ids.sort()]).toEqual(['any', ['a', 'b']]);
      expect((await find('NEAR(')).ids).toEqual(['a']);
      expect((await find('*')).ids).toEqual([]);
    });

    it('folds diacritics and case both ways', async () => {
      await seed([article('a', 'Café Crème', 'déjà vu'), article('b', 'cafe', 'plain')]);
      expect((await find('CAFE')).ids.sort()).toEqual(['a', 'b']);
      expect((await find('café')).ids.sort()).toEqual(['a', 'b']);
      expect((await find('creme')).ids).toEqual(['a']);
      expect((await find('deja')).ids).toEqual(['a']);
    });

    it('cuts identifiers into words at every character that is no letter or digit, as Folio does everywhere', async () => {
      await seed([
        article('underscore', 'FOLIO_SECRET', 'set it in .env'),
        article('euro', 'Pricing', 'costs 10€per seat'),
        article('emoji', 'Ship it', 'deploy🚀fast and 🎉celebrate'),
        article('dots', 'Files', 'edit config.yaml for v1.2.3'),
        article('hyphen', 'Modes', 'a read-only replica'),
        article('camel', 'API', 'call getUserName once'),
      ]);
      const expected: [string, string[]][] = [
        ['folio secret', ['underscore']],
        ['FOLIO_SECRET', ['underscore']],
        ['secret', ['underscore']],
        ['10 per', ['euro']],
        ['deploy fast', ['emoji']],
        ['celebrate', ['emoji']],
        ['config yaml', ['dots']],
        ['yaml', ['dots']],
        ['v1 2 3', ['dots']],
        ['read only', ['hyphen']],
        ['only', ['hyphen']],
        // Case changes cut nothing: a camelCase name is one word, found whole or by its start.
        ['getusername', ['camel']],
        ['getUser', ['camel']],
        ['name ', []],
        // Separators alone are no words.
        ['€ 🚀 _', []],
      ];
      const found = await Promise.all(expected.map(async ([query]) => [query, (await find(query)).ids] as const));
      expect(found).toEqual(expected);
    });

    it('searches only the documents the filter allows', async () => {
      await seed([article('a', 'Alpha', 'shared', 'g1'), article('b', 'Beta', 'shared', 'g2'), article('c', 'Gamma', 'shared', 'g3')]);
      expect((await find('shared', { filter: { group: 'g2' } })).ids).toEqual(['b']);
      expect((await find('shared', { filter: { group: { $in: ['g1', 'g3'] } } })).ids.sort()).toEqual(['a', 'c']);
    });

    it('pages through ranked hits without overlap', async () => {
      await seed(Array.from({ length: 7 }, (_, i) => article(`d${i}`, i % 2 ? 'paging' : 'other', `paging ${'x '.repeat(i)}`)));
      const seen: string[] = [];
      for (let offset = 0; ; offset += 3) {
        const page = await find('paging', { limit: 3, offset });
        seen.push(...page.ids);
        expect(page.ids.length).toBeLessThanOrEqual(3);
        if (!page.more) break;
      }
      expect(seen.slice(0, 3).sort()).toEqual(['d1', 'd3', 'd5']); // title hits first
      expect([...seen].sort()).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6']);
      // Past the end of an all-words answer is an empty page of it, not an any-word answer.
      expect(await find('paging x', { limit: 3, offset: 30 })).toMatchObject({ ids: [], matched: 'all', more: false });
    });

    it('follows every write: replace, patch, delete, deleteMany', async () => {
      await seed([article('a', 'Old title', 'old body'), article('b', 'Second', 'old body'), article('c', 'Third', 'keep')]);
      await write(async (tx) => {
        await tx.upsert(PAGES.name, article('a', 'New title', 'fresh body'));
        await tx.patch(PAGES.name, 'c', { body: 'patched words' });
      });
      expect((await find('fresh')).ids).toEqual(['a']);
      expect((await find('patched')).ids).toEqual(['c']);
      expect((await find('keep')).ids).toEqual([]);
      expect((await find('old')).ids).toEqual(['b']);
      await write(async (tx) => tx.delete(PAGES.name, 'b'));
      expect((await find('old')).ids).toEqual([]);
      await write(async (tx) => tx.deleteMany(PAGES.name, { group: 'g1' }));
      expect((await find('title')).ids).toEqual([]);
    });

    it('indexes documents already there when the text index is declared later', async () => {
      await reads.ensureCollections([{ name: 'later', indexes: [] }]);
      await reads.transaction('q', '1', async (tx) => tx.upsert('later', article('a', 'Existing words', '')));
      const later: TextIndexedCollection = { name: 'later', indexes: [], textIndex: PAGES.textIndex };
      await reads.ensureCollections([later]);
      expect((await search.search(later, { text: 'existing', limit: 5, offset: 0 })).hits.map((h) => h.doc.id)).toEqual(['a']);
    });

    it('swaps a rebuilt index in with its collection, and keeps following writes', async () => {
      await seed([article('stale', 'Stale', 'gone after rebuild')]);
      const events: StoredEvent[] = [1, 2].map((n) => ({
        eventId: `00000000-0000-4000-8000-00000000000${n}`,
        type: 'Written',
        data: { id: `r${n}`, title: `Rebuilt ${n}`, body: 'from the log' },
        metadata: { actor: 'a', source: 'api', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
        stream: 's-1',
        revision: BigInt(n - 1),
        position: String(n),
      }));
      const log = { readAll: async (after: string | null) => events.filter((e) => BigInt(e.position) > BigInt(after ?? '0')) } as unknown as EventStore;
      await rebuildProjections(log, reads, [
        {
          name: 'p',
          collections: [PAGES],
          handlers: { Written: async (e, tx) => tx.upsert(PAGES.name, article(e.data.id as string, e.data.title as string, e.data.body as string)) },
        },
      ]);
      expect((await find('stale')).ids).toEqual([]);
      expect((await find('rebuilt log')).ids.sort()).toEqual(['r1', 'r2']);
      await write(async (tx) => tx.upsert(PAGES.name, article('r1', 'Rewritten', 'after the swap')));
      expect((await find('rebuilt')).ids).toEqual(['r2']);
      expect((await find('swap')).ids).toEqual(['r1']);
    });
  });
}
