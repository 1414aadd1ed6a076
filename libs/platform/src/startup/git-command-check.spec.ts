import { Logger } from '@nestjs/common';
import { GitCommandCheck, gitVersion } from './git-command-check';

describe('the start-up check of the git command', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers null for a command that is not installed', async () => {
    expect(await gitVersion('git-not-installed-here')).toBeNull();
  }, 15_000);

  it('warns, without stopping start-up, when git is missing', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await new GitCommandCheck('git-not-installed-here').onApplicationBootstrap();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the git command is not installed'));
  }, 15_000);
});
