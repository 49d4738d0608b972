import proxyAddr from '@fastify/proxy-addr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { trustProxySchema } from './trust-proxy';

const octet = fc.integer({ min: 0, max: 255 });
const v4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const v6 = fc.array(hextet, { minLength: 8, maxLength: 8 }).map((h) => h.join(':'));
/** IPv4 addresses written as IPv6, the way a dual-stack socket reports them. */
const mapped = v4.map((a) => `::ffff:${a}`);
const entry = fc.oneof(
  fc.tuple(v4, fc.option(fc.integer({ min: 0, max: 32 }))),
  fc.tuple(v6, fc.option(fc.integer({ min: 0, max: 128 }))),
  fc.tuple(mapped, fc.option(fc.integer({ min: 80, max: 128 }))),
  fc.tuple(fc.constantFrom('::', '::ffff:0:0', '0.0.0.0', '128.0.0.0'), fc.option(fc.integer({ min: 0, max: 128 }))),
);
const text = ([address, prefix]: [string, number | null]) => (prefix === null ? address : `${address}/${prefix}`);

describe('TRUST_PROXY', () => {
  it('never trusts, in any one accepted entry, two addresses of different /8 blocks', () => {
    fc.assert(
      fc.property(entry, v4, v4, (e, a, b) => {
        const parsed = trustProxySchema.safeParse(text(e));
        if (!parsed.success || !Array.isArray(parsed.data)) return;
        const trusted = proxyAddr.compile(parsed.data);
        if (trusted(a, 0) && trusted(b, 0)) expect(a.split('.')[0]).toBe(b.split('.')[0]);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts every proxy network of a real deployment, and refuses each range that is everyone', () => {
    for (const ok of ['10.0.0.0/8', '172.16.0.0/12', '192.168.1.7', 'fd12:3456:789a::/48', '::ffff:10.0.0.0/104'])
      expect(trustProxySchema.parse(ok), ok).toEqual([ok]);
    expect(trustProxySchema.parse('loopback, uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    for (const bad of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '::/0', '::/16', '::ffff:0.0.0.0/96', '2000::/3'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY.*(wider|covers)/);
  });
});
