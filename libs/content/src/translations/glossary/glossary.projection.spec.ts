import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { TRANSLATION_LANGUAGES } from '../translation-language';
import { GlossaryEvent, glossaryStream, GlossaryTerms } from './glossary.events';
import { GLOSSARY_ENTRIES, GlossaryEntryDoc, glossaryProjection } from './glossary.projection';

const spec = projectionSpec<GlossaryEvent>(glossaryProjection, { stream: (e) => glossaryStream(e.data.organizationId) });
const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const created = (id: string, translations: GlossaryTerms, when = at(1), organizationId = 'o1'): GlossaryEvent => ({
  type: 'GlossaryEntryCreated', data: { organizationId, glossaryEntryId: id, translations, createdBy: 'u1', createdAt: when },
});
const changed = (id: string, translations: GlossaryTerms, when: string): GlossaryEvent => ({
  type: 'GlossaryEntryChanged', data: { organizationId: 'o1', glossaryEntryId: id, translations, changedBy: 'u1', changedAt: when },
});
const deleted = (id: string): GlossaryEvent => ({ type: 'GlossaryEntryDeleted', data: { organizationId: 'o1', glossaryEntryId: id, deletedBy: 'u1', deletedAt: at(9) } });

const by = (terms: Record<string, string>) => Object.fromEntries(TRANSLATION_LANGUAGES.map((l) => [l, Object.hasOwn(terms, l) ? `1:${terms[l].toLowerCase()}` : '2:']));
const entry = (id: string, translations: GlossaryTerms, logPosition: string, fields: Partial<GlossaryEntryDoc> = {}): GlossaryEntryDoc => ({
  id, organizationId: 'o1', translations, by: by(translations), createdAt: at(1), updatedAt: at(1), logPosition, ...fields,
});

const history: GlossaryEvent[] = [
  created('g1', { en: 'Space', fr: 'Espace' }),
  created('g2', { en: 'site' }, at(2)),
  changed('g2', { en: 'Site', de: 'Seite' }, at(3)),
  created('g3', { en: 'Gone' }, at(4)),
  deleted('g3'),
  created('x1', { en: 'Other' }, at(5), 'o2'),
];

describe('glossary projection', () => {
  it('records an entry with a sort key for every language', () => spec.given([created('g1', { en: 'Space', fr: 'Espace' })]).then(GLOSSARY_ENTRIES, [entry('g1', { en: 'Space', fr: 'Espace' }, '1')]));

  it('replaces the terms of a changed entry, and forgets a deleted one', () =>
    spec.given(history).then(GLOSSARY_ENTRIES, [
      entry('g1', { en: 'Space', fr: 'Espace' }, '1'),
      entry('g2', { en: 'Site', de: 'Seite' }, '3', { createdAt: at(2), updatedAt: at(3) }),
      { ...entry('x1', { en: 'Other' }, '6', { createdAt: at(5), updatedAt: at(5) }), organizationId: 'o2' },
    ]));

  it("sorts by a language's term, case-folded, entries without one last", () =>
    spec
      .given([created('a', { fr: 'zèbre' }), created('b', { en: 'x' }), created('c', { fr: 'Arbre' }), created('d', { fr: 'maison' })])
      .thenFinds(GLOSSARY_ENTRIES, { filter: { organizationId: 'o1' }, sort: { field: 'by.fr', direction: 'asc' } }, ['c', 'd', 'a', 'b']));

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
