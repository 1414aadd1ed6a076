import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAll } from './children';

/**
 * One part of the bench run by itself (`node dist/bench/<part>.js` after a build): measured in a temp
 * directory of its own, its report on stdout then its figures as one JSON line; the children it started are
 * killed and the directory removed however it ends.
 */
export function runAlone<F>(name: string, measure: (tempDir: string) => Promise<F>, report: (figures: F) => string): void {
  const tempDir = mkdtempSync(join(tmpdir(), `folio-bench-${name}-`));
  process.on('exit', () => {
    killAll();
    rmSync(tempDir, { recursive: true, force: true });
  });
  measure(tempDir).then(
    (figures) => {
      process.stdout.write(`${report(figures)}\n${JSON.stringify(figures)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
