import { execFileSync } from 'node:child_process';

/**
 * `describe` for tests that run the git command, skipped (and said so on the console) where git is not
 * installed: the one reason a Git test may not run.
 */
export function describeWithGit(title: string, tests: () => void): void {
  let installed = true;
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
  } catch {
    installed = false;
    console.warn(`${title}: SKIPPED, the git command is not installed`);
  }
  (installed ? describe : describe.skip)(title, tests);
}
