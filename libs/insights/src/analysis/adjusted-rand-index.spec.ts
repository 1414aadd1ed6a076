import { adjustedRandIndex } from './adjusted-rand-index';

// Known values (as computed by scikit-learn's adjusted_rand_score on the same inputs).
describe('adjustedRandIndex', () => {
  it('is 1 for identical groupings, whatever their names', () => {
    expect(adjustedRandIndex(['a', 'a', 'b', 'b'], ['x', 'x', 'y', 'y'])).toBe(1);
    expect(adjustedRandIndex(['a', 'a', 'b', 'b'], ['y', 'y', 'x', 'x'])).toBe(1);
  });

  it('scores a split cluster below 1', () => {
    expect(adjustedRandIndex(['0', '0', '1', '1'], ['0', '0', '1', '2'])).toBeCloseTo(0.5714285714285715, 12);
  });

  it('is 0 for one cluster against all singletons, and negative for anti-correlated groupings', () => {
    expect(adjustedRandIndex(['0', '0', '0', '0'], ['0', '1', '2', '3'])).toBe(0);
    expect(adjustedRandIndex(['0', '0', '1', '1'], ['0', '1', '0', '1'])).toBeCloseTo(-0.5, 12);
  });

  it('matches a larger worked example', () => {
    // Truth: 3 groups of 2; found merges two of them. Pairs agreeing: 3; truth pairs 3, found pairs 6 + 1 = 7,
    // of 15: expected 3·7/15 = 1.4, max (3 + 7)/2 = 5, so (3 - 1.4)/(5 - 1.4) = 4/9.
    expect(adjustedRandIndex(['a', 'a', 'b', 'b', 'c', 'c'], ['x', 'x', 'x', 'x', 'z', 'z'])).toBeCloseTo(4 / 9, 12);
  });

  it('is 1 when both are all singletons or all one group, and refuses groupings of different items', () => {
    expect(adjustedRandIndex(['a', 'b', 'c'], ['x', 'y', 'z'])).toBe(1);
    expect(adjustedRandIndex(['a', 'a'], ['x', 'x'])).toBe(1);
    expect(() => adjustedRandIndex(['a'], ['x', 'y'])).toThrow();
  });
});
