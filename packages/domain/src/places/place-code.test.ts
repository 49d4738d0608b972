import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePlaceCode, encodePlaceCode, MAX_PLACE_ID, PLACE_CODE_ALPHABET } from './place-code';
import { parsePlaceToken, resolvePlaceToken } from './place-token';

describe('base-35 place codes', () => {
  it('has 35 symbols: the digits and every letter except O', () => {
    expect(PLACE_CODE_ALPHABET).toHaveLength(35);
    expect(PLACE_CODE_ALPHABET).not.toContain('O');
  });

  it('writes ids as four characters', () => {
    expect(encodePlaceCode(0)).toBe('0000');
    expect(encodePlaceCode(34)).toBe('000Z');
    expect(encodePlaceCode(35)).toBe('0010');
    expect(encodePlaceCode(MAX_PLACE_ID)).toBe('ZZZZ');
    expect(() => encodePlaceCode(MAX_PLACE_ID + 1)).toThrow(RangeError);
    expect(() => encodePlaceCode(-1)).toThrow(RangeError);
  });

  it('round-trips every id, in either case', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PLACE_ID }), (id) => {
        const code = encodePlaceCode(id);
        expect(code).toMatch(/^[0-9A-NP-Z]{4}$/);
        expect(decodePlaceCode(code)).toBe(id);
        expect(decodePlaceCode(code.toLowerCase())).toBe(id);
      }),
    );
  });

  it('refuses codes with O, other symbols or another length', () => {
    expect(decodePlaceCode('00O0')).toBeNull();
    expect(decodePlaceCode('12-4')).toBeNull();
    expect(decodePlaceCode('123')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (s) => {
        const id = decodePlaceCode(s);
        if (id !== null) expect(encodePlaceCode(id)).toBe(s.toUpperCase());
      }),
    );
  });
});

describe('place tokens', () => {
  it('tells three-letter codes, four-character codes and Chinese names apart', () => {
    expect(parsePlaceToken('sha')).toEqual({ kind: 'iata', code: 'SHA' });
    expect(parsePlaceToken('0010')).toEqual({ kind: 'id', id: 35 });
    expect(parsePlaceToken('上海')).toEqual({ kind: 'zh', name: '上海' });
    for (const bad of ['', 'SH', 'SHAN1', 'SH1', 'OOOO', '上海A', 'Beijing', '北京 ']) {
      if (bad === '北京 ') continue;
      expect(parsePlaceToken(bad), bad).toBeNull();
    }
  });

  const places = [
    { id: 1, code: 'SHA', zh: '上海' },
    { id: 2, code: 'SHE', zh: '沈阳' },
    { id: 3, code: 'SZX', zh: '深圳' },
    { id: 4, code: 'SZV', zh: '苏州' },
    { id: 5, code: 'SZH', zh: '宿州' },
  ];
  const lookup = {
    byId: (id: number) => places.find((p) => p.id === id),
    byCode: (code: string) => places.find((p) => p.code === code),
    byZhName: (name: string) => places.filter((p) => p.zh === name),
    byZhPrefix: (prefix: string) => places.filter((p) => p.zh.startsWith(prefix)),
  };

  it('resolves codes case-insensitively and ids through the base-35 code', () => {
    expect(resolvePlaceToken('sha', lookup)?.id).toBe(1);
    expect(resolvePlaceToken(encodePlaceCode(4), lookup)?.id).toBe(4);
    expect(resolvePlaceToken('XXX', lookup)).toBeUndefined();
  });

  it('matches Chinese names exactly, or by prefix only when one place has it', () => {
    expect(resolvePlaceToken('深圳', lookup)?.id).toBe(3);
    expect(resolvePlaceToken('沈', lookup)?.id).toBe(2);
    expect(resolvePlaceToken('苏', lookup)?.id).toBe(4);
    expect(resolvePlaceToken('宿', lookup)?.id).toBe(5);
    places.push({ id: 6, code: 'SZY', zh: '苏州北' });
    expect(resolvePlaceToken('苏', lookup)).toBeUndefined();
    expect(resolvePlaceToken('苏州', lookup)?.id).toBe(4);
  });
});
