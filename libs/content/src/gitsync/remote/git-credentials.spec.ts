import { splitCredentials } from './git-credentials';

describe('splitCredentials', () => {
  it('takes a user and password out of the URL', () =>
    expect(splitCredentials('https://ann:s%40cret@git.example.com/team/docs.git')).toEqual({
      url: 'https://git.example.com/team/docs.git',
      credentials: { username: 'ann', password: 's@cret' },
    }));
  it('sends a user name alone as the password (a token)', () =>
    expect(splitCredentials('https://ghp_token@github.com/o/r.git')).toEqual({ url: 'https://github.com/o/r.git', credentials: { password: 'ghp_token' } }));
  it('leaves a URL without credentials as it is', () => expect(splitCredentials('http://127.0.0.1:8080/r.git')).toEqual({ url: 'http://127.0.0.1:8080/r.git', credentials: null }));
});
