import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Custom merge rules are data walked by an interpreter: nothing in their code may compile or run a string. */
const sources = [
  ...readdirSync(__dirname)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
    .map((name) => join(__dirname, name)),
  join(__dirname, '../../../platform/src/domain/custom-expression.ts'),
];

describe('merge rules never run code', () => {
  it('has the files it checks', () => {
    expect(sources.map((s) => s.split('/').pop())).toEqual(expect.arrayContaining(['evaluate-merge-rules.ts', 'merge-rules-context.ts', 'custom-expression.ts']));
  });

  it.each(sources.map((file) => [relative(process.cwd(), file), file]))('%s uses no eval, Function or vm', (_name, file) => {
    const code = readFileSync(file, 'utf8');
    expect(code).not.toMatch(/\beval\s*\(/);
    expect(code).not.toMatch(/\bFunction\s*\(/);
    expect(code).not.toMatch(/['"](node:)?vm['"]/);
    expect(code).not.toMatch(/\b(setTimeout|setInterval|setImmediate)\s*\(/);
  });
});
