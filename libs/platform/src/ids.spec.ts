import { base62, newId } from './ids';

describe('ids', () => {
  it('are 20 base62 characters with at least one letter, and unique', () => {
    const ids = Array.from({ length: 2000 }, newId);
    for (const id of ids) expect(id).toMatch(/^(?=.*[A-Za-z])[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('use the whole alphabet', () => {
    expect(new Set(base62(5000)).size).toBe(62);
  });
});
