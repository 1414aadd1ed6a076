import { Inject, Injectable } from '@nestjs/common';
import { FolioConfig } from '../config/config';
import { CONFIG } from '../config/config.token';
import { anyAddress, publicAddressesOnly } from './address-policy';
import { FetchedUrl, fetchUrl, PostedUrl, postUrl, UrlFetchOptions } from './url-fetch';

/**
 * `fetchUrl` under this deployment's policy: the addresses FETCH_ALLOW_PRIVATE allows and the time
 * FETCH_TIMEOUT_S gives a fetch. Every user-given URL Folio fetches (a file to store, an OpenAPI spec's
 * source, a webhook's endpoint) goes through it, so the policy is one setting, applied alike.
 */
@Injectable()
export class UrlFetcher {
  /** The policy without the size cap, which is the caller's (what it fetches decides it). */
  readonly policy: Omit<UrlFetchOptions, 'maxBytes'>;

  constructor(@Inject(CONFIG) config: FolioConfig) {
    this.policy = { allowAddress: config.fetchAllowPrivate ? anyAddress : publicAddressesOnly, timeoutMs: config.fetchTimeoutSeconds * 1000 };
  }

  fetch(url: string, maxBytes: number): Promise<FetchedUrl> {
    return fetchUrl(url, { ...this.policy, maxBytes });
  }

  /** POSTs to a user-given URL under the address policy, within `timeoutMs` (the caller's, e.g. WEBHOOK_TIMEOUT_S). */
  post(url: string, body: Buffer, headers: Record<string, string>, timeoutMs: number, cancel?: AbortSignal): Promise<PostedUrl> {
    return postUrl(url, body, headers, { ...this.policy, timeoutMs }, cancel);
  }
}
