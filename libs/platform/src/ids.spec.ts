import { base62, newEventId, newId } from './ids';

describe('ids', () => {
  it('are 20 base62 characters with at least one letter, and unique', () => {
    const ids = Array.from({ length: 2000 }, newId);
    for (const id of ids) expect(id).toMatch(/^(?=.*[A-Za-z])[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('use the whole alphabet', () => {
    expect(new Set(base62(5000)).size).toBe(62);
  });
  it('make event ids that are UUIDs of version 7, unique, in the order they were made', () => {
    const ids = Array.from({ length: 2000 }, newEventId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
