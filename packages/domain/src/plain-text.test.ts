import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasWebAddress, plainText, withoutWebAddresses } from './plain-text';

/** Text as an attacker would send it: names, line breaks, markup, bidi overrides, addresses. */
const pieces = fc.constantFrom(
  '张伟',
  'Zhang Wei',
  ' ',
  '\r\n',
  '\t',
  '\u0000',
  '\u202e',
  '\u200b',
  '\u2028',
  '<',
  '>',
  '<b>',
  '</script>',
  '<img src=x onerror=alert(1)>',
  'Bcc: x@example.com',
  'https://example.com/prize',
  'www.example.cn',
  'example.com',
  'No.1',
  'St.Regis',
  '上海虹桥',
  '.',
  '/',
);
const nasty = fc.oneof(
  fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')),
  fc.string({ unit: 'binary' }),
);

describe('plain text', () => {
  it('is one trimmed line without control characters or angle brackets, and stays as it is', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        const plain = plainText(text);
        expect(plain).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u);
        expect(plain).not.toMatch(/\s{2}/u);
        expect(plain).toBe(plain.trim());
        expect(plainText(plain)).toBe(plain);
      }),
      { numRuns: 2000 },
    );
  });

  it('without web addresses holds none, and stays as it is', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        const clean = withoutWebAddresses(text);
        expect(hasWebAddress(clean)).toBe(false);
        expect(withoutWebAddresses(clean)).toBe(clean);
        expect(plainText(clean)).toBe(clean);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps names and takes out what is not one', () => {
    expect(plainText(' 张伟\r\n<script>alert(1)</script> ')).toBe('张伟 alert(1)');
    expect(plainText('<img src=x onerror=alert(1)>上海\u202e')).toBe('上海');
    for (const name of ['王府井', 'No.1 Middle School', 'St.Regis Beijing', 'Terminal 3', '3.5 km north of T2'])
      expect(hasWebAddress(name), name).toBe(false);
    for (const address of [
      'www.example.com',
      'https://x.y/z',
      'javascript:alert(1)',
      'win at prize.xyz/now',
      'EXAMPLE.COM',
    ])
      expect(hasWebAddress(address), address).toBe(true);
    expect(withoutWebAddresses('Free tickets at example.com/prize today')).toBe('Free tickets at today');
  });
});
