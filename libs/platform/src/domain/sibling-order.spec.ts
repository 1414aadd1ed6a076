import { keyBetween } from './sibling-order';

describe('sibling order', () => {
  it('places keys between neighbours, so sorting the keys gives the order', () => {
    const first = keyBetween(null, null);
    const last = keyBetween(first, null);
    const middle = keyBetween(first, last);
    const head = keyBetween(null, first);
    expect([last, middle, head, first].sort()).toEqual([head, first, middle, last]);
  });
});
