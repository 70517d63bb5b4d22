// Which address a request comes from. TRUST_PROXY names the reverse proxies in front of the server,
// as a hop count or as their addresses/CIDRs; X-Forwarded-For is only believed for those hops, so a
// client cannot pick its own address (and rate-limit key) by sending the header itself. nginx's
// `proxy_add_x_forwarded_for` appends: the right-most entries are the proxies', the one before them
// the client's.
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** false: no proxy (the socket's peer is the client); a number: that many proxy hops; a list:
 * the proxies' addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal). */
export type TrustProxy = false | number | string[];

type TrustFunction = (address: string, hop: number) => boolean;

const compileList = (list: string[]): TrustFunction => proxyAddr.compile(list);

export const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, context): TrustProxy => {
    const text = value.trim().toLowerCase();
    if (['false', '0', 'no', ''].includes(text)) return false;
    // `true` used to mean "trust every hop"; it now means the common single reverse proxy.
    if (text === 'true' || text === 'yes') return 1;
    if (/^\d+$/.test(text)) return Number(text);
    const list = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    try {
      compileList(list);
      return list;
    } catch {
      context.addIssue({
        code: 'custom',
        message: 'must be false, a hop count, or a comma list of proxy addresses or CIDRs',
      });
      return z.NEVER;
    }
  });

/** The trust function for Fastify's trustProxy. Fastify itself ignores a bare hop count (it trusts
 * no hop then), so a count becomes "the first N hops are proxies", as Express reads it. */
export function trustFunction(trust: TrustProxy): TrustFunction | false {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return compileList(trust);
}

/** Whether the socket's peer is one of the configured proxies (exempt from per-IP caps). */
export function isTrustedPeer(trust: TrustProxy, address: string): boolean {
  const fn = trustFunction(trust);
  return fn !== false && fn(address, 0);
}

/** The key a limit counts under: IPv4-mapped IPv6 as IPv4, and an IPv6 client by its /64 (one
 * host holds a whole /64 and could otherwise rotate through it). */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
