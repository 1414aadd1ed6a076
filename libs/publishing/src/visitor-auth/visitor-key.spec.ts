import { visitorKeyOf } from './visitor-key';

describe('visitorKeyOf', () => {
  it('is one key per secret, site and generation', () => {
    const key = visitorKeyOf('secret', 's1', 0);
    expect(visitorKeyOf('secret', 's1', 0)).toBe(key);
    expect(new Set([key, visitorKeyOf('secret', 's1', 1), visitorKeyOf('secret', 's2', 0), visitorKeyOf('other', 's1', 0)]).size).toBe(4);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
