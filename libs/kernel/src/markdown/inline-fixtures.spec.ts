import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineDifferences } from './inline-testing';

/** The fixture pages written for the inline forms GitBook's own docs use: every run of phrasing comes back as written. */
const folder = join(__dirname, '../../../../test/fixtures/gitbook-space/blocks');

describe.each(['text-and-marks.md', 'links-and-mentions.md'])('%s', (name) => {
  const markdown = readFileSync(join(folder, name), 'utf8');

  it('is a page with a title and inline forms to read', () => {
    expect(markdown.startsWith('# ')).toBe(true);
    expect(markdown.split('\n\n').length).toBeGreaterThan(8);
  });

  it('writes every paragraph and heading back as it was written', () => expect(inlineDifferences(markdown)).toEqual([]));
});
