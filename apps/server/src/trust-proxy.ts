import net from 'node:net';
import { z } from 'zod';

/** The proxies in front of the server: none, a number of hops, or their addresses. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** The widest ranges a proxy network may be given: an IPv4 /8 (10.0.0.0/8), an IPv6 /32. */
const WIDEST_V4 = 8;
const WIDEST_V6 = 32;
/** IPv4 clients are matched against IPv6 ranges as `::ffff:a.b.c.d`: that block is IPv4 written in IPv6. */
const MAPPED = { base: '::ffff:0.0.0.0', prefix: 96 };

/**
 * Why one `TRUST_PROXY` entry is refused, or undefined when it names a proxy network: an address, or
 * a range no wider than an IPv4 /8 or an IPv6 /32 (IPv4 written as IPv6, `::ffff:…`, counted as IPv4).
 * A wider range would trust addresses anyone on the internet has, and with them any X-Forwarded-For.
 */
export function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_NAMES.includes(entry)) return undefined;
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (rest.length > 0 || family === 0) return 'is not an address or a range';
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return 'has no valid prefix length';
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return 'has no valid prefix length';
  if (family === 4) return prefix < WIDEST_V4 ? `is wider than a /${WIDEST_V4}` : undefined;
  const range = new net.BlockList();
  range.addSubnet(address, prefix, 'ipv6');
  const mapped = new net.BlockList();
  mapped.addSubnet(MAPPED.base, MAPPED.prefix, 'ipv6');
  if (mapped.check(address, 'ipv6') && prefix >= MAPPED.prefix)
    return prefix - MAPPED.prefix < WIDEST_V4 ? `is wider than an IPv4 /${WIDEST_V4}` : undefined;
  if (range.check(MAPPED.base, 'ipv6')) return 'covers every IPv4 address';
  return prefix < WIDEST_V6 ? `is wider than a /${WIDEST_V6}` : undefined;
}

/**
 * `TRUST_PROXY`: `false` (no proxy: X-Forwarded-* is never read), a hop count (`1` for one load balancer:
 * the client is the address that proxy saw), or a comma list of proxy addresses and CIDR ranges. `true`
 * is refused: it would trust every address a client writes into X-Forwarded-For; so is a range wider than
 * a proxy network (`0.0.0.0/1,128.0.0.0/1` is everyone), each named with its reason.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === '' || value === 'false') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.flatMap((e) => {
      const problem = proxyEntryProblem(e);
      return problem ? [`${e} ${problem}`] : [];
    });
    if (value === 'true' || entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `takes false, a hop count (1 for one proxy) or proxy addresses (10.0.0.2,10.1.0.0/16); not ${bad.join('; ') || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });
