import { basicAuthorization, scrubSecrets, secretsOf } from './git-secrets';
import { splitUrlCredentials } from './git-target';

describe('scrubSecrets', () => {
  const credentials = { username: 'folio', password: 'p@ss/word' };
  const secrets = secretsOf(credentials);

  it('replaces the password, the header token and the user:password pair, in every form', () => {
    const token = basicAuthorization(credentials).slice('Basic '.length);
    const text = `fatal: p@ss/word; Authorization: Basic ${token}; folio:p@ss/word; ${token}; ${encodeURIComponent('p@ss/word')}`;
    const scrubbed = scrubSecrets(text, secrets);
    expect(scrubbed).not.toMatch(/p@ss|pass%2Fword|p%40ss/);
    expect(scrubbed).not.toContain(token);
  });

  it("removes a URL's userinfo and any Authorization header, even of credentials it was not told", () => {
    expect(scrubSecrets("unable to access 'https://someone:other-token@git.example.com/r.git/'", [])).toBe("unable to access 'https://***@git.example.com/r.git/'");
    expect(scrubSecrets('> Authorization: Bearer abc.def', [])).toBe('> Authorization: ***');
  });
});

describe('splitUrlCredentials', () => {
  it('takes user and password out of the URL', () => {
    expect(splitUrlCredentials('https://ada:t%40ken@git.example.com/docs.git')).toEqual({ url: 'https://git.example.com/docs.git', credentials: { username: 'ada', password: 't@ken' } });
  });

  it('reads a lone user name as a token', () => {
    expect(splitUrlCredentials('https://ghp_123@github.com/o/r.git')).toEqual({ url: 'https://github.com/o/r.git', credentials: { password: 'ghp_123' } });
  });

  it('leaves a URL without credentials, or not a URL, as it is', () => {
    expect(splitUrlCredentials('https://git.example.com/docs.git')).toEqual({ url: 'https://git.example.com/docs.git' });
    expect(splitUrlCredentials('not a url')).toEqual({ url: 'not a url' });
  });
});
