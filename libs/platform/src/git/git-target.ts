import { GitCredentials } from './git-remote';

/**
 * A repository URL as users give it (`https://user:token@host/repo.git`) split into the URL Git Sync keeps
 * (without the userinfo) and the credentials that travel apart from it. A URL that does not parse is returned
 * unchanged, for the remote's check to refuse with its message.
 */
export function splitUrlCredentials(text: string): { url: string; credentials?: GitCredentials } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { url: text };
  }
  if (!url.username && !url.password) return { url: text };
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  // A lone `token@host` is a token (GitHub's and GitLab's own form): the password, not the user name.
  const credentials: GitCredentials = password ? { username: username || undefined, password } : { password: username };
  return { url: url.href, credentials };
}
