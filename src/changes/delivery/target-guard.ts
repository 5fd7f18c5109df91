import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** A webhook target this service refuses to connect to. */
export class TargetRefused extends Error {}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * The range of an address, IPv4-mapped IPv6 (`::ffff:127.0.0.1`) judged as the IPv4 address it maps.
 * Only `unicast` is public: loopback, private (RFC 1918), link-local (169.254.169.254, the cloud
 * metadata address, included), CGNAT, unique-local IPv6 (fd00:ec2::254), multicast, reserved,
 * documentation, NAT64/6to4/Teredo and the unspecified address all have ranges of their own.
 */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

/** Why a URL cannot be a webhook target, before any DNS lookup (a create or update names it). */
export function urlProblem(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not a valid absolute URL.';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return allowPrivate ? 'The URL must use http or https.' : 'The URL must use https.';
  }
  if (url.username || url.password) return 'The URL must not contain credentials.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host) && addressRange(host) !== 'unicast') return 'The URL points to a non-public address.';
  return undefined;
}

/**
 * The address to connect to for a target host, checked at delivery time: every address the name
 * resolves to must be public (unless private targets are allowed), and the connection then goes to
 * the checked address itself (pinned), so a DNS answer that changes in between cannot redirect it.
 */
export async function resolveTarget(hostname: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await lookup(host, { all: true, verbatim: true }).catch((error: NodeJS.ErrnoException) => {
        throw new TargetRefused(`The target host could not be resolved (${error.code ?? 'error'}).`);
      });
  if (!addresses.length) throw new TargetRefused('The target host could not be resolved.');
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const range = addressRange(address);
      if (range !== 'unicast') throw new TargetRefused(`The target resolves to ${address}, a ${range} address: refused.`);
    }
  }
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
