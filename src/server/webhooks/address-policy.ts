import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { parseWebhookUrl } from '../../shared/api/webhooks.schemas';

export interface AddressPolicy {
  /** Loopback, private, link-local … addresses are allowed (WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Plain http is allowed (development, test, or WEBHOOKS_ALLOW_HTTP). */
  allowHttp: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (the system resolver, as a connection would use it). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

const IPV4_COMPATIBLE = new BlockList();
IPV4_COMPATIBLE.addSubnet('::', 96, 'ipv6');

/**
 * Whether an address is a public unicast one. ipaddr.js names every special range (private, loopback,
 * link-local, unique-local, multicast, carrier-grade NAT, reserved, 6to4, Teredo …); only `unicast` is
 * the public internet. An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 one.
 * The deprecated IPv4-compatible block `::/96` (`[::127.0.0.1]` is `::7f00:1`) is none of the ranges
 * ipaddr.js names, so `::7f00:1` counts as unicast there (and it reads `::8.8.8.8` as `::ffff:8.8.8.8`);
 * Node's own parser judges that block, refused whole: nothing public lives in it.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (isIP(address) === 6 && IPV4_COMPATIBLE.check(address, 'ipv6')) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export type TargetCheck =
  | { ok: true; url: URL; host: string; address: ResolvedAddress }
  | { ok: false; reason: 'scheme' | 'credentials' | 'backslash' | 'private_address' | 'unresolvable' };

/**
 * Decides whether `raw` may be called and at which address: the scheme, then every address its host
 * resolves to (one private address among public ones refuses it, so a name cannot smuggle one in). The
 * caller connects to the address returned, never resolving again: a name that changes its answer between
 * this check and the connection (DNS rebinding) cannot redirect it.
 */
export async function checkTarget(
  raw: string,
  policy: AddressPolicy,
  resolve: Resolver,
): Promise<TargetCheck> {
  const parsed = parseWebhookUrl(raw);
  if (!parsed.ok) return { ok: false, reason: parsed.problem === 'invalid' ? 'scheme' : parsed.problem };
  const { url } = parsed;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    return { ok: false, reason: 'scheme' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
  }
  if (!addresses.length) return { ok: false, reason: 'unresolvable' };
  if (!policy.allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
    return { ok: false, reason: 'private_address' };
  return { ok: true, url, host, address: addresses[0]! };
}

/**
 * `checkTarget` for a client about to connect: the URL and host, and a `lookup` that answers only with
 * the address that passed (no second resolution, so no rebinding); or, refused, the error a delivery or a
 * feed read reports.
 */
export async function pinnedTarget(
  raw: string,
  policy: AddressPolicy,
  resolve: Resolver,
): Promise<
  | { ok: true; url: URL; host: string; lookup: LookupFunction }
  | { ok: false; code: 'address_refused' | 'unreachable' | 'scheme_refused' }
> {
  const target = await checkTarget(raw, policy, resolve);
  if (!target.ok)
    return {
      ok: false,
      code:
        target.reason === 'private_address'
          ? 'address_refused'
          : target.reason === 'unresolvable'
            ? 'unreachable'
            : 'scheme_refused',
    };
  const { address } = target;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  return { ok: true, url: target.url, host: target.host, lookup };
}
