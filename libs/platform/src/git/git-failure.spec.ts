import { GitCommandFailed } from './git-command';
import { gitFailure } from './git-failure';

const limits = { timeoutSeconds: 120, maxFetchMegabytes: 512 };
const failed = (stderr: string) => new GitCommandFailed(['fetch'], 128, stderr, null);

describe('gitFailure', () => {
  it("tells the reason from git's last lines", () => {
    expect(gitFailure(failed("fatal: could not read Username for 'https://h': terminal prompts disabled"), 'fetching', [], limits).reason).toBe('auth');
    expect(gitFailure(failed("fatal: unable to access 'https://h/r.git/': The requested URL returned error: 403"), 'fetching', [], limits).reason).toBe('auth');
    expect(gitFailure(failed("remote: Repository not found.\nfatal: repository 'https://h/r.git/' not found"), 'fetching', [], limits).reason).toBe('not-found');
    expect(gitFailure(failed("fatal: unable to access 'https://h/': Could not resolve host: h"), 'fetching', [], limits).reason).toBe('unreachable');
    expect(gitFailure(failed('fatal: something else'), 'fetching', [], limits)).toMatchObject({ reason: 'failed', message: 'fetching failed: fatal: something else' });
  });

  it('names the limit a killed git went past', () => {
    expect(gitFailure(new GitCommandFailed(['fetch'], null, '', 'timeout'), 'fetching', [], limits)).toMatchObject({ reason: 'timeout', message: 'fetching took longer than 120 s (GIT_TIMEOUT_S)' });
    expect(gitFailure(new GitCommandFailed(['fetch'], null, '', 'too-large'), 'fetching', [], limits)).toMatchObject({ reason: 'too-large' });
  });

  it('scrubs the secrets from the message', () => {
    const error = gitFailure(failed("fatal: unable to access 'https://ada:hunter2@h/r.git/': The requested URL returned error: 401 hunter2"), 'fetching', ['hunter2'], limits);
    expect(error.message).not.toContain('hunter2');
    expect(error.reason).toBe('auth');
  });
});
