import { execFile } from 'node:child_process';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';

/** The installed git's version line (`git version 2.39.5`), or null when there is no `git` command on PATH. */
export function gitVersion(command = 'git'): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, ['--version'], { timeout: 10_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }, (error, stdout) => resolve(error ? null : stdout.trim()));
  });
}

/**
 * Says at start-up when the `git` command is missing. Git Sync is optional, so its absence does not stop
 * Folio (a deployment without Git Sync needs no git); each Git operation then fails with an error saying
 * git is not installed, and this warning tells the operator before a user meets it.
 */
export class GitCommandCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('git');

  constructor(private readonly command = 'git') {}

  async onApplicationBootstrap(): Promise<void> {
    const version = await gitVersion(this.command);
    if (version) this.logger.log(`Git Sync uses ${version}`);
    else this.logger.warn('the git command is not installed: Git Sync imports and exports will fail until it is (see the README)');
  }
}
