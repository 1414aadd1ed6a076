import { acceptsGzip } from './json-bytes';

describe('acceptsGzip', () => {
  it('admits gzip by its own weight when named, else by that of any coding (*)', () => {
    for (const header of ['gzip', 'gzip, deflate, br', 'br;q=1.0, GZIP;q=0.5', '*', 'identity, *;q=0.1']) expect(acceptsGzip(header)).toBe(true);
    for (const header of [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip; q=0.000', '*;q=0', 'gzip;q=0, *']) expect(acceptsGzip(header)).toBe(false);
  });
});
