import { Invalid } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { glossaryDecider, GlossaryOperation, MAX_GLOSSARY_ENTRIES } from './glossary.decider';
import { GlossaryEvent } from './glossary.events';

const spec = deciderSpec(glossaryDecider);
const now = '2026-01-01T00:00:00.000Z';
const org = { organizationId: 'o1' };
const update = (operations: GlossaryOperation[]) => ({ type: 'UpdateGlossary' as const, ...org, operations, actor: 'u1', now });
const created = (id: string, translations = { en: 'Space', fr: 'Espace' }): GlossaryEvent => ({
  type: 'GlossaryEntryCreated', data: { ...org, glossaryEntryId: id, translations, createdBy: 'u1', createdAt: now },
});
const changed = (id: string, translations: Record<string, string>): GlossaryEvent => ({
  type: 'GlossaryEntryChanged', data: { ...org, glossaryEntryId: id, translations, changedBy: 'u1', changedAt: now },
});
const deleted = (id: string): GlossaryEvent => ({ type: 'GlossaryEntryDeleted', data: { ...org, glossaryEntryId: id, deletedBy: 'u1', deletedAt: now } });

describe('glossary decider', () => {
  it('applies a batch in order, each operation seeing the ones before', () =>
    spec
      .given([created('g1')])
      .when(update([{ type: 'insert', id: 'g2', translations: { en: 'Site' } }, { type: 'update', id: 'g2', translations: { en: 'Site', de: 'Seite' } }, { type: 'delete', id: 'g1' }]))
      .then([created('g2', { en: 'Site' } as never), changed('g2', { en: 'Site', de: 'Seite' }), deleted('g1')]));

  it('refuses the whole batch for one operation on a missing entry, naming it', () =>
    spec.given([created('g1')]).when(update([{ type: 'delete', id: 'g1' }, { type: 'update', id: 'g1', translations: { en: 'x' } }])).thenThrows(Invalid, 'operations[1]: no glossary entry g1'));

  it('refuses an insert past the limit', () => {
    const full = Array.from({ length: MAX_GLOSSARY_ENTRIES }, (_, i) => created(`g${i}`));
    spec.given(full).when(update([{ type: 'insert', id: 'x', translations: { en: 'x' } }])).thenThrows(Invalid, 'at most');
  });

  it('lets a batch delete and insert within the limit', () => {
    const full = Array.from({ length: MAX_GLOSSARY_ENTRIES }, (_, i) => created(`g${i}`));
    spec.given(full).when(update([{ type: 'delete', id: 'g0' }, { type: 'insert', id: 'x', translations: { en: 'Space', fr: 'Espace' } }])).then([deleted('g0'), created('x')]);
  });
});
