import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AddressPolicy, addressRange } from '../fetch/address-policy';
import { GitTarget, GitUnavailable } from './git-remote';
import { basicAuthorization, secretsOf } from './git-secrets';

export interface GitAddressPolicy {
  allowAddress: AddressPolicy;
  /** Name resolution; `dns.lookup` with every address by default. */
  resolve?: (hostname: string) => Promise<string[]>;
}

/** How git talks to one remote: the URL, the options that pin its connection, the credentials' environment, the secrets to scrub. */
export interface GitConnection {
  url: string;
  /** `-c` options for the network commands (the pinned address). */
  args: string[];
  /** GIT_CONFIG_* variables carrying the Authorization header (an environment, not argv: `ps` shows argv to every user). */
  env: Record<string, string>;
  secrets: string[];
}

const systemResolve = async (hostname: string) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The URL if it is an http(s) URL without credentials (they travel apart: GitTarget.credentials). */
export function gitUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not echoed: a malformed URL may still hold credentials.
    throw new GitUnavailable('the Git URL is not a URL', 'refused');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GitUnavailable(`${url.protocol.slice(0, -1)} Git URLs are not supported, only http and https`, 'refused');
  if (url.username || url.password) throw new GitUnavailable(`${url.host}: the URL carries credentials, which travel apart from it`, 'refused');
  if (url.hash || url.search) throw new GitUnavailable(`${url.host}: a Git URL has no query or fragment`, 'refused');
  return url;
}

/**
 * Checks the target before git makes any connection (SSRF): the host is resolved here and every address it
 * resolves to must pass the policy; git is then pinned to the address checked (`http.curloptResolve`, curl's
 * CURLOPT_RESOLVE, git ≥ 2.37), so a DNS answer that changes between the check and git's own lookup cannot
 * send it elsewhere. A refusal is GitUnavailable `refused`.
 */
export async function gitConnection(target: GitTarget, policy: GitAddressPolicy): Promise<GitConnection> {
  const url = gitUrl(target.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (policy.resolve ?? systemResolve)(host);
  } catch (error) {
    throw new GitUnavailable(`could not resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? 'failed'}`, 'unreachable');
  }
  if (addresses.length === 0) throw new GitUnavailable(`${host} resolves to no address`, 'unreachable');
  for (const address of addresses) {
    if (!policy.allowAddress(address)) {
      const what = address === host ? host : `${host} resolves to ${address}`;
      throw new GitUnavailable(`${what}, a ${addressRange(address)} address, which Folio does not connect to (FETCH_ALLOW_PRIVATE)`, 'refused');
    }
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const address = isIP(addresses[0]) === 6 ? `[${addresses[0]}]` : addresses[0];
  const args = isIP(host) ? [] : ['-c', `http.curloptResolve=${host}:${port}:${address}`];
  const env: Record<string, string> = target.credentials
    ? { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: `Authorization: ${basicAuthorization(target.credentials)}` }
    : {};
  return { url: url.href, args, env, secrets: secretsOf(target.credentials) };
}
