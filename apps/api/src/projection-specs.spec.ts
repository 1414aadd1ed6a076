import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LIBS = join(__dirname, '../../../libs');

/** Every `*.projection.ts` under libs/, found on disk so that a new projection cannot be missed. */
const projectionFiles = (readdirSync(LIBS, { recursive: true }) as string[]).filter((f) => f.endsWith('.projection.ts')).sort();

describe('projection specs', () => {
  it('finds the projections', () => expect(projectionFiles.length).toBeGreaterThan(0));

  it.each(projectionFiles)('%s has a given-events/then-documents spec beside it that rebuilds it from scratch', (file) => {
    const spec = join(LIBS, file.replace(/\.ts$/, '.spec.ts'));
    expect(existsSync(spec)).toBe(true);
    expect(readFileSync(spec, 'utf8')).toMatch(/\.thenRebuildsIdentically\(\)/);
  });
});
