import { comparePositions } from './event-store.port';

describe('comparePositions', () => {
  it.each([
    [null, null, 0],
    [null, '0', -1],
    ['0', null, 1],
    ['9', '10', -1],
    ['10', '9', 1],
    ['123', '124', -1],
    ['124', '124', 0],
    ['18446744073709551615', '9007199254740993', 1],
  ])('orders %p against %p as %p', (a, b, expected) => {
    expect(comparePositions(a, b)).toBe(expected);
  });
});
