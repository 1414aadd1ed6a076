import { GitCredentials } from '@folio/platform/git/git-remote';

/**
 * A repository URL split into the URL without credentials (what is stored and answered) and the basic-auth
 * credentials it carried, if any (sealed apart). A user name alone is a token (`https://<token>@host/…`, as
 * GitHub and GitLab take one): it travels as the password.
 */
export function splitCredentials(raw: string): { url: string; credentials: GitCredentials | null } {
  const url = new URL(raw);
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  if (username === '' && password === '') return { url: url.toString(), credentials: null };
  return { url: url.toString(), credentials: password === '' ? { password: username } : { username, password } };
}
