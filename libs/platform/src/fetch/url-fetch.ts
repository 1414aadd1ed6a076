import { lookup } from 'node:dns/promises';
import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { Invalid } from '@folio/platform/domain/errors';
import { AddressPolicy, addressRange } from './address-policy';

/**
 * Why a URL could not be fetched, said to the user: a 400 where the fetch answers a request (an
 * `insert_files` URL), a processing error where it runs in the background (an OpenAPI spec's source),
 * which tells a timeout from the rest.
 */
export class FetchFailed extends Invalid {
  constructor(
    message: string,
    readonly timedOut = false,
    /** Nothing was sent: the URL or its addresses were refused before any connection. */
    readonly refused = false,
  ) {
    super(message);
  }
}

export interface UrlFetchOptions {
  /** Which addresses may be connected to (see address-policy.ts). */
  allowAddress: AddressPolicy;
  /** For the whole fetch: resolution, every redirect, the body. */
  timeoutMs: number;
  /** A body larger than this is refused (and its download stopped). */
  maxBytes: number;
  /** Name resolution; `dns.lookup` with every address by default. */
  resolve?: (hostname: string) => Promise<string[]>;
}

export interface FetchedUrl {
  bytes: Buffer;
  /** The response's Content-Type header, as sent. */
  contentType?: string;
}

export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolve = async (hostname: string) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * GETs a user-given http(s) URL for Folio to store, the way a server fetching on a stranger's behalf
 * must (SSRF): the host is resolved first and every address it resolves to is checked against the
 * policy; the connection then goes to the address that was checked (a custom `lookup` on the request),
 * so a DNS answer that changes between the check and the connection cannot point it elsewhere.
 * Redirects (at most 3) are re-checked the same way. One timeout bounds the whole fetch; the body is
 * counted while it streams and the download stopped past `maxBytes`. Every refusal is `FetchFailed`.
 */
export async function fetchUrl(url: string, options: UrlFetchOptions): Promise<FetchedUrl> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    let target = httpUrl(url);
    for (let redirects = 0; ; redirects++) {
      const address = await untilAborted(checkedAddress(target, options), signal);
      const response = await get(target, address, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.destroy();
        const location = response.headers.location;
        if (!location) throw new FetchFailed(`${target.href} answered ${status} without a Location`);
        if (redirects === MAX_REDIRECTS) throw new FetchFailed(`${url} redirects more than ${MAX_REDIRECTS} times`);
        target = httpUrl(new URL(location, target).href);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new FetchFailed(`${target.href} answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`);
      }
      return { bytes: await readBody(response, options.maxBytes, target), contentType: response.headers['content-type'] };
    }
  } catch (error) {
    if (signal.aborted) throw new FetchFailed(`fetching ${url} took longer than ${options.timeoutMs / 1000} s`, true);
    if (error instanceof FetchFailed) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw new FetchFailed(`could not fetch ${url}: ${code}`);
    throw error;
  }
}

/** The URL if it is an http(s) one Folio may fetch. */
export function httpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchFailed(`${JSON.stringify(text)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailed(`${url.protocol.slice(0, -1)} URLs cannot be fetched, only http and https`);
  if (url.username || url.password) throw new FetchFailed(`${url.host}: URLs with credentials cannot be fetched`);
  return url;
}

/** The address to connect to: the first the host resolves to, once every one of them passed the policy. */
async function checkedAddress(url: URL, options: Omit<UrlFetchOptions, 'maxBytes'>): Promise<string> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [host] : await (options.resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw new FetchFailed(`${host} resolves to no address`);
  for (const address of addresses) {
    if (!options.allowAddress(address)) {
      const what = address === host ? host : `${host} resolves to ${address}`;
      throw new FetchFailed(`${what}, a ${addressRange(address)} address, which Folio does not fetch from`);
    }
  }
  return addresses[0];
}

function get(url: URL, address: string, signal: AbortSignal): Promise<IncomingMessage> {
  return send(url, address, signal, 'GET', { accept: '*/*', 'accept-encoding': 'identity', 'user-agent': 'Folio' });
}

/** One request to the address checked (the host's name still in the URL, for Host and TLS). */
function send(url: URL, address: string, signal: AbortSignal, method: string, headers: Record<string, string>, body?: Buffer): Promise<IncomingMessage> {
  const family = isIP(address);
  // Node asks for every address when it may try several (autoSelectFamily); it gets the one checked.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method,
      headers,
      // One connection per request: a pooled socket could have been opened to another address.
      agent: false,
      lookup: pinned,
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

export interface PostedUrl {
  statusCode: number;
  headers: IncomingMessage['headers'];
}

/**
 * POSTs `body` to a user-given URL under the same guard as `fetchUrl` (the host resolved and every address
 * checked, the connection pinned to the one checked, one timeout for it all). A redirect is not followed: it
 * is the answer. The answer's body is drained and dropped. Refusals (the policy, a URL that is not http(s),
 * no address) are `FetchFailed` with `refused` set; a timeout is `FetchFailed` with `timedOut`; other
 * network failures are `FetchFailed` naming their code. `cancel` (a shutdown) aborts it, with its own error.
 */
export async function postUrl(url: string, body: Buffer, headers: Record<string, string>, options: Omit<UrlFetchOptions, 'maxBytes'>, cancel?: AbortSignal): Promise<PostedUrl> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
  let target: URL;
  let address: string;
  try {
    target = httpUrl(url);
    address = await untilAborted(checkedAddress(target, options), signal);
  } catch (error) {
    if (error instanceof FetchFailed) throw new FetchFailed(error.message, false, true);
    if (timeout.aborted) throw new FetchFailed(`resolving ${url} took longer than ${options.timeoutMs / 1000} s`, true);
    throw error;
  }
  try {
    const response = await send(target, address, signal, 'POST', { ...headers, 'content-length': String(body.length) }, body);
    // Drained (the receiver's answer body is not kept) within the same timeout.
    await new Promise<void>((resolve, reject) => response.resume().once('end', resolve).once('error', reject));
    return { statusCode: response.statusCode ?? 0, headers: response.headers };
  } catch (error) {
    if (cancel?.aborted) throw error;
    if (timeout.aborted) throw new FetchFailed(`${target.host} did not answer within ${options.timeoutMs / 1000} s`, true);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw new FetchFailed(`could not reach ${target.host}: ${code}`);
    throw error;
  }
}

async function readBody(response: IncomingMessage, maxBytes: number, url: URL): Promise<Buffer> {
  const tooLarge = () => new FetchFailed(`${url.href} sends more than ${maxBytes} bytes`);
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** `work`, or a rejection as soon as the signal fires (name resolution takes no signal). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
