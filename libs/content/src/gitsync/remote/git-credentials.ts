import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { Invalid } from '@folio/platform/domain/errors';
import { Sealed } from '@folio/platform/domain/sealed';
import { GitCredentials } from '@folio/platform/git/git-remote';
import { gitSyncCredentialsSubject } from './git-sync.events';

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

/** Credentials sealed under an installation's key, opened for one Git call; none when none were given. An erased key (disconnected) fails the work. */
export async function openCredentials(cipher: SubjectCipher, installationId: string, sealed: Sealed | null): Promise<GitCredentials | null> {
  if (!sealed) return null;
  const opened = await cipher.open<GitCredentials>(gitSyncCredentialsSubject(installationId), sealed);
  if (!opened) throw new Invalid('the credentials of this Git Sync installation were erased');
  return opened;
}
