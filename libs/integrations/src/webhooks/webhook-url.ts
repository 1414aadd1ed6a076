import { isIP } from 'node:net';
import { Invalid } from '@folio/platform/domain/errors';
import { AddressPolicy, addressRange } from '@folio/platform/fetch/address-policy';
import { FetchFailed, httpUrl } from '@folio/platform/fetch/url-fetch';
import { WEBHOOK_URL_MAX } from './webhook-limits';

/**
 * Refuses (400) a receiver URL Folio will not send to: not http(s), longer than WEBHOOK_URL_MAX, with
 * credentials in it (they would be logged and shown back to every admin; a receiver authenticates Folio
 * by the signature), or naming a literal IP address the outbound policy refuses (private, loopback…,
 * unless FETCH_ALLOW_PRIVATE). A host name is resolved and checked by the dispatcher at each delivery,
 * since what it resolves to may change after this check.
 */
export function assertWebhookUrl(url: string, allowAddress: AddressPolicy): void {
  if (url.length > WEBHOOK_URL_MAX) throw new Invalid(`url: at most ${WEBHOOK_URL_MAX} characters`);
  let parsed: URL;
  try {
    parsed = httpUrl(url);
  } catch (error) {
    if (error instanceof FetchFailed) throw new Invalid(`url: ${error.message}`);
    throw error;
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !allowAddress(host)) {
    throw new Invalid(`url: ${host} is a ${addressRange(host)} address, which Folio does not send to`);
  }
}
