import { searchPipeline, searchPlan } from './mongo-search-index';
import { termsOf } from './mongo-text-index';
import { TextIndexedCollection } from '../search.port';

const PAGES: TextIndexedCollection = { name: 'pages', indexes: [], textIndex: { fields: { title: 10, body: 1 } } };

/** The `_terms` words the `all` stage requires, read from its `$match` (the filter aside). */
function requiredWords(text: string): unknown[] {
  const plan = searchPlan(PAGES, text)!;
  const match = searchPipeline(plan, 'all', 10, 0)[0].$match as Record<string, unknown>;
  const parts = (match.$and as Record<string, unknown>[] | undefined) ?? [match];
  return parts.map((part) => part._terms);
}

describe('MongoDB search pipeline', () => {
  it.each([
    ['FOLIO_SECRET', 'folio secret'],
    ['costs 10€per seat', '10 per'],
    ['deploy🚀fast', 'deploy fast'],
    ['config.yaml', 'config yaml'],
    ['read-only', 'read only'],
  ])('finds %j by %j: every word it requires is among the words stored with the document', (stored, query) => {
    const { _terms } = termsOf({ title: stored }, PAGES.textIndex);
    const required = requiredWords(`${query} `);
    expect(required.length).toBeGreaterThan(0);
    for (const word of required) expect(_terms).toContain(word);
  });

  it('matches on the stored words alone, never through $text (whose tokenizer keeps `_`, `€` and emoji in words)', () => {
    const plan = searchPlan(PAGES, 'folio secr', { space: 's1' })!;
    for (const mode of ['all', 'any'] as const) {
      expect(JSON.stringify(searchPipeline(plan, mode, 10, 0))).not.toContain('$text');
    }
    expect(requiredWords('folio secr')).toEqual(['folio', /^secr/]);
  });

  it('has no plan for a query without words', () => {
    expect(searchPlan(PAGES, '€ 🚀 _ ...')).toBeNull();
  });
});
