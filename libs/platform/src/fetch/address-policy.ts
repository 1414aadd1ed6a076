import ipaddr from 'ipaddr.js';

/** Which resolved addresses a URL fetch may connect to. */
export type AddressPolicy = (address: string) => boolean;

/**
 * The range an IP address belongs to, as ipaddr.js names them (`unicast` for a public address,
 * `loopback`, `private`, `linkLocal`, `uniqueLocal`, `carrierGradeNat`, `multicast`, `unspecified`,
 * `reserved`…). An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
 */
export function addressRange(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().range();
  return parsed.range();
}

/**
 * The default policy: public unicast addresses only. Everything else (loopback, private, link-local
 * with the cloud metadata services, unique-local, CGNAT, multicast, unspecified, documentation and
 * other reserved blocks, and IPv6 forms embedding an IPv4 address: NAT64, 6to4, Teredo) may reach
 * inside the network Folio runs in, so a user-given URL must not make Folio fetch it.
 */
export const publicAddressesOnly: AddressPolicy = (address) => addressRange(address) === 'unicast';

/** FETCH_ALLOW_PRIVATE=true: a deployment that fetches from its own network on purpose. */
export const anyAddress: AddressPolicy = () => true;
