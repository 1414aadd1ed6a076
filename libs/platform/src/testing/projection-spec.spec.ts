import { defineProjection } from '../projections/projection';
import { GIVEN_METADATA, givenEventId, projectionSpec, stored, storedEvents } from './projection-spec';

type Tally = { type: 'Counted'; data: { counterId: string; by: number } } | { type: 'Reset'; data: { counterId: string } };

const counted = (counterId: string, by = 1): Tally => ({ type: 'Counted', data: { counterId, by } });
const reset = (counterId: string): Tally => ({ type: 'Reset', data: { counterId } });

/** Adds on every application: the kind of handler a replay would double. */
const adding = defineProjection<Tally>('adding', [{ name: 'totals', indexes: [] }], {
  Counted: async ({ data }, tx) => {
    const doc = await tx.get<{ id: string; total: number }>('totals', data.counterId);
    await tx.upsert('totals', { id: data.counterId, total: (doc?.total ?? 0) + data.by });
  },
  Reset: async ({ data }, tx) => tx.delete('totals', data.counterId),
});

/** Stores what the event says, keyed by the event: replays do no harm. */
const recording = defineProjection<Tally>('recording', [{ name: 'counts', indexes: [] }], {
  Counted: async ({ eventId, data, revision }, tx) => tx.upsert('counts', { id: eventId, counterId: data.counterId, by: data.by, revision: String(revision) }),
});

describe('projection spec kit', () => {
  describe('storedEvents', () => {
    it('numbers positions from 1, revisions per stream, and fills in the metadata', () =>
      expect(storedEvents([counted('a'), counted('b'), counted('a')], (e) => `counter-${e.data.counterId}`)).toEqual([
        { eventId: givenEventId('1'), type: 'Counted', data: { counterId: 'a', by: 1 }, metadata: GIVEN_METADATA, stream: 'counter-a', revision: 0n, position: '1' },
        { eventId: givenEventId('2'), type: 'Counted', data: { counterId: 'b', by: 1 }, metadata: GIVEN_METADATA, stream: 'counter-b', revision: 0n, position: '2' },
        { eventId: givenEventId('3'), type: 'Counted', data: { counterId: 'a', by: 1 }, metadata: GIVEN_METADATA, stream: 'counter-a', revision: 1n, position: '3' },
      ]));

    it('keeps what the test sets and counts on from it', () => {
      const [first, second] = storedEvents([
        stored(counted('a'), { position: '41', revision: 6n, eventId: 'e', metadata: { actor: 'u1' } }),
        counted('a'),
      ]);
      expect(first).toMatchObject({ position: '41', revision: 6n, eventId: 'e', metadata: { ...GIVEN_METADATA, actor: 'u1' } });
      expect(second).toMatchObject({ position: '42', revision: 7n });
    });

    it.each([
      ['repeated', ['5', '5']],
      ['falling', ['10', '9']],
      ['zero', ['0']],
    ])('refuses %s positions', (_case, positions) =>
      expect(() => storedEvents(positions.map((position) => stored(counted('a'), { position })))).toThrow(/positions must rise/));
  });

  const addingSpec = projectionSpec<Tally>(adding);
  const recordingSpec = projectionSpec<Tally>(recording, { stream: (e) => `counter-${e.data.counterId}` });

  it('projects through the runner, in log order', () =>
    addingSpec.given([counted('a', 2), counted('b'), reset('b'), counted('a', 3)]).then('totals', [{ id: 'a', total: 5 }]));

  it('fails a check the documents do not meet', () =>
    expect(addingSpec.given([counted('a', 2)]).thenDocument('totals', 'a', { id: 'a', total: 3 })).rejects.toThrow(/toEqual/));

  it('passes the revisions it numbered to the handlers', () =>
    recordingSpec
      .given([counted('a'), counted('b'), counted('a')])
      .thenDocument('counts', givenEventId('3'), { id: givenEventId('3'), counterId: 'a', by: 1, revision: '1' }));

  it('finds a projection that a replay would change', () =>
    expect(addingSpec.given([counted('a'), reset('a'), counted('a', 2)]).thenIdempotent()).rejects.toThrow(/replayedFrom/));

  it('passes a projection that replays do not change', () => recordingSpec.given([counted('a'), counted('b', 4)]).thenIdempotent());

  it('refuses a rebuild check over no documents, which would prove nothing', () =>
    expect(addingSpec.given([counted('a'), reset('a')]).thenRebuildsIdentically()).rejects.toThrow(/proves nothing/));

  it('rebuilds a projection to the same documents', () => recordingSpec.given([counted('a'), counted('b')]).thenRebuildsIdentically());
});
