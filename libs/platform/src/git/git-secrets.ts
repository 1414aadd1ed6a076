import { GitCredentials } from './git-remote';

/** The `Authorization` header value git sends for `credentials` (HTTP basic; a token alone is the password). */
export function basicAuthorization(credentials: GitCredentials): string {
  return `Basic ${Buffer.from(`${credentials.username ?? 'git'}:${credentials.password}`).toString('base64')}`;
}

/** Every form a secret of `credentials` can take in git's output: the password, the header's token, the user:password pair. */
export function secretsOf(credentials: GitCredentials | undefined): string[] {
  if (!credentials) return [];
  const header = basicAuthorization(credentials);
  return [header, header.slice('Basic '.length), `${credentials.username ?? 'git'}:${credentials.password}`, credentials.password, encodeURIComponent(credentials.password)].filter((secret) => secret.length > 0);
}

/**
 * `text` (git's error output) fit for a message a user or a log sees: the credentials in any of their forms, a
 * URL's userinfo (`https://user:token@host`) and any Authorization header's value replaced by `***`.
 */
export function scrubSecrets(text: string, secrets: string[]): string {
  let scrubbed = text;
  // Longest first: the header contains the token, which must not be left half replaced.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) scrubbed = scrubbed.split(secret).join('***');
  return scrubbed.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1***@').replace(/(authorization:\s*)\S+(\s+\S+)?/gi, '$1***');
}
