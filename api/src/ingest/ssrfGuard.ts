import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';
import { FeedFetchError } from './fetchError.ts';

/** Which addresses a fetch may connect to. */
export type AddressPolicy = {
  /** Lifts the address check (FEED_ALLOW_PRIVATE_HOSTS; tests, home labs). Never lifts the scheme check. */
  allowPrivateHosts: boolean;
  /** Single addresses exempt from the check while it is on (tests; a possible per-host allow-list). */
  allowedAddresses?: readonly string[];
};

/** Resolves a host name to every address it has (dns.lookup by default; replaceable in tests). */
export type Resolver = (hostname: string) => Promise<dns.LookupAddress[]>;

/** The operating system's resolver (getaddrinfo), every address it knows. */
export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Returns null when `address` is public unicast, else the name of the range that makes it off-limits
 * (ipaddr.js range names, e.g. 'loopback', 'private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat').
 * IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4, the deprecated "compatible"
 * ::a.b.c.d) are judged by the IPv4 address they carry, so ::ffff:127.0.0.1 is loopback.
 */
export function blockedRange(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return 'invalid';
  }
  return ip.kind() === 'ipv4' ? ipv4Range(ip as ipaddr.IPv4) : ipv6Range(ip as ipaddr.IPv6);
}

function ipv4Range(ip: ipaddr.IPv4): string | null {
  const range = ip.range();
  return range === 'unicast' ? null : range;
}

function ipv6Range(ip: ipaddr.IPv6): string | null {
  const p = ip.parts as [number, number, number, number, number, number, number, number];
  const embedded = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const range = ip.range();
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return ipv4Range(embedded(p[6], p[7]));
    case 'rfc6052': // NAT64 64:ff9b::a.b.c.d; the local-use 64:ff9b:1::/48 reaches local networks
      return p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 ? ipv4Range(embedded(p[6], p[7])) : range;
    case '6to4': // 2002:aabb:ccdd::/48 routes to a.b.c.d
      return ipv4Range(embedded(p[1], p[2]));
    case 'unicast':
      // ::a.b.c.d, "IPv4-compatible", deprecated by RFC 4291 §2.5.5.1: never a real destination.
      if (p.slice(0, 6).every((part) => part === 0)) return ipv4Range(embedded(p[6], p[7])) ?? 'reserved';
      return null;
    default:
      return range;
  }
}

/** Whether the policy lets a fetch connect to `address`. */
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  if (policy.allowPrivateHosts || blockedRange(address) === null) return true;
  const normal = normalise(address);
  return (policy.allowedAddresses ?? []).some((allowed) => normalise(allowed) === normal);
}

function normalise(address: string): string {
  try {
    return ipaddr.process(address).toString();
  } catch {
    return address;
  }
}

/** The error for an address the policy refuses, worded for the feed's error line. */
export function blockedAddressError(address: string): FeedFetchError {
  const range = blockedRange(address);
  const reason =
    range === 'multicast' || range === 'broadcast'
      ? 'broadcast address'
      : PRIVATE_RANGES.has(range ?? '')
        ? 'private network'
        : 'reserved address';
  return new FeedFetchError('blocked-address', `This address is not allowed (${reason})`);
}

const PRIVATE_RANGES = new Set([
  'loopback',
  'private',
  'linkLocal',
  'uniqueLocal',
  'carrierGradeNat',
  'deprecatedSiteLocal',
  'unspecified',
]);

/**
 * Parses a URL a fetch may follow: http or https only (whatever the policy), and, when the host is an IP
 * literal, an allowed address. WHATWG parsing has already turned 2130706433, 0177.0.0.1, 0x7f.1 and 127.1
 * into 127.0.0.1, so the check sees the address that would be connected to. Host names are checked after
 * resolution, in the connection itself (createGuardedAgent).
 */
export function parseFetchableUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError('invalid-url', 'This is not a valid web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('invalid-url', 'Only http and https addresses can be fetched');
  }
  const host = unbracket(url.hostname);
  if (net.isIP(host) && !isAllowedAddress(host, policy)) throw blockedAddressError(host);
  return url;
}

function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * A `lookup` for net/tls.connect that resolves the name and passes on only the addresses the policy
 * allows, so the socket connects to a checked address: no gap between checking and connecting for a
 * rebinding DNS server to use.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = systemResolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const candidates = resolved.filter((entry) => family === 0 || entry.family === family);
        const allowed = candidates.filter((entry) => isAllowedAddress(entry.address, policy));
        const first = allowed[0];
        if (!first) {
          const refused = candidates[0];
          if (!refused) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
          return callback(blockedAddressError(refused.address), '');
        }
        if (options.all) callback(null, allowed);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * An undici Agent whose every connection is guarded: names resolve through guardedLookup, IP literals
 * are checked before connecting, and the socket's peer address is checked again once connected.
 */
export function createGuardedAgent(policy: AddressPolicy & { connectTimeoutMs: number; resolve?: Resolver }): Agent {
  const connect = buildConnector({ timeout: policy.connectTimeoutMs, lookup: guardedLookup(policy, policy.resolve) });
  return new Agent({
    connect(options, callback) {
      const host = unbracket(options.hostname);
      if (net.isIP(host) && !isAllowedAddress(host, policy)) return callback(blockedAddressError(host), null);
      connect(options, (error, socket) => {
        if (error) return callback(error, null);
        const peer = socket?.remoteAddress;
        if (!socket || !peer || !isAllowedAddress(peer, policy)) {
          socket?.destroy();
          return callback(blockedAddressError(peer ?? host), null);
        }
        callback(null, socket);
      });
    },
  });
}
