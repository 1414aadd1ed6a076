import { gitConnection, gitUrl } from './git-connection';
import { checkOid, checkRef, projectPath } from './git-names';
import { GitUnavailable } from './git-remote';

const refused = (check: () => unknown) => {
  try {
    check();
  } catch (error) {
    return error instanceof GitUnavailable && error.reason === 'refused';
  }
  return false;
};

describe('Git names and URLs checked before any git call', () => {
  it('takes branch refs only', () => {
    expect(checkRef('refs/heads/main')).toBe('refs/heads/main');
    expect(checkRef('refs/heads/docs/v2.0')).toBe('refs/heads/docs/v2.0');
    for (const ref of ['main', 'refs/tags/v1', 'refs/heads/', 'refs/heads/a..b', 'refs/heads/a b', 'refs/heads/-x:y', 'refs/heads/x.lock', 'refs/heads/.hidden', 'refs/heads/a@{1}', 'refs/heads/a/', 'refs/heads/*']) {
      expect(refused(() => checkRef(ref))).toBe(true);
    }
  });

  it('takes SHA-1 and SHA-256 commit ids only', () => {
    expect(checkOid('a'.repeat(40))).toBe('a'.repeat(40));
    expect(checkOid('b'.repeat(64))).toBe('b'.repeat(64));
    for (const oid of ['A'.repeat(40), 'a'.repeat(39), '--upload-pack=x', 'HEAD']) expect(refused(() => checkOid(oid))).toBe(true);
  });

  it('normalizes the project directory and refuses one outside the repository', () => {
    expect(projectPath(undefined)).toBe('');
    expect(projectPath('/docs/en/')).toBe('docs/en');
    for (const directory of ['../x', 'docs/../..', '.git', 'a/.GIT/b', './docs']) expect(refused(() => projectPath(directory))).toBe(true);
  });

  it('takes http(s) URLs without credentials, query or fragment', () => {
    expect(gitUrl('https://git.example.com/docs.git').href).toBe('https://git.example.com/docs.git');
    for (const url of ['file:///srv/repo.git', 'ssh://git@host/r.git', 'ext::sh -c x', 'https://u:p@host/r.git', 'https://host/r.git?x=1', 'nonsense']) {
      expect(refused(() => gitUrl(url))).toBe(true);
    }
  });

  it('pins a name to the address it checked, bracketing IPv6, and carries credentials in the environment', async () => {
    const allowAll = { allowAddress: () => true };
    const v4 = await gitConnection({ url: 'https://git.example.com/r.git', ref: 'refs/heads/main', credentials: { password: 'tok' } }, { ...allowAll, resolve: async () => ['93.184.216.34'] });
    expect(v4.args).toEqual(['-c', 'http.curloptResolve=git.example.com:443:93.184.216.34']);
    expect(v4.env).toEqual({ GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: `Authorization: Basic ${Buffer.from('git:tok').toString('base64')}` });
    const v6 = await gitConnection({ url: 'http://git.example.com:8080/r.git', ref: 'refs/heads/main' }, { ...allowAll, resolve: async () => ['2606:2800:220:1::1'] });
    expect(v6.args).toEqual(['-c', 'http.curloptResolve=git.example.com:8080:[2606:2800:220:1::1]']);
    expect(v6.env).toEqual({});
  });

  it('refuses a name when any of its addresses is refused, and one that resolves to none', async () => {
    const publicOnly = { allowAddress: (address: string) => address !== '10.0.0.1' };
    await expect(gitConnection({ url: 'https://git.example.com/r.git', ref: 'refs/heads/main' }, { ...publicOnly, resolve: async () => ['93.184.216.34', '10.0.0.1'] })).rejects.toMatchObject({ reason: 'refused', message: expect.stringContaining('resolves to 10.0.0.1, a private address') });
    await expect(gitConnection({ url: 'https://git.example.com/r.git', ref: 'refs/heads/main' }, { ...publicOnly, resolve: async () => [] })).rejects.toMatchObject({ reason: 'unreachable' });
  });
});
