import { decodePlaceCode } from './place-code';

/**
 * A place as written in a short link or typed as a code (spec §5): three letters (a city or airport
 * code), four letters or digits (a base-35 place code), or Chinese characters only (a name).
 */
export type PlaceToken = { kind: 'iata'; code: string } | { kind: 'id'; id: number } | { kind: 'zh'; name: string };

const HAN_ONLY = /^\p{Script=Han}+$/u;

export function parsePlaceToken(raw: string): PlaceToken | null {
  const token = raw.trim();
  if (/^[A-Za-z]{3}$/.test(token)) return { kind: 'iata', code: token.toUpperCase() };
  if (/^[A-Za-z0-9]{4}$/.test(token)) {
    const id = decodePlaceCode(token);
    return id === null ? null : { kind: 'id', id };
  }
  if (HAN_ONLY.test(token)) return { kind: 'zh', name: token };
  return null;
}

/** What resolving a token needs from the place data, so the rule stays independent of where places live. */
export type PlaceTokenLookup<P> = {
  byId: (id: number) => P | undefined;
  /** Cities with this city code first, then the airport with this IATA code. */
  byCode: (code: string) => P | undefined;
  /** Every place whose Chinese name is this name exactly. */
  byZhName: (name: string) => P[];
  /** Every place whose Chinese name starts with this prefix. */
  byZhPrefix: (prefix: string) => P[];
};

/**
 * The place a token names, or undefined. Chinese names match exactly, or by prefix only when exactly
 * one place has that prefix (spec §5).
 */
export function resolvePlaceToken<P>(raw: string, lookup: PlaceTokenLookup<P>): P | undefined {
  const token = parsePlaceToken(raw);
  if (!token) return undefined;
  switch (token.kind) {
    case 'iata':
      return lookup.byCode(token.code);
    case 'id':
      return lookup.byId(token.id);
    case 'zh': {
      const exact = lookup.byZhName(token.name);
      if (exact.length > 0) return exact[0];
      const prefixed = lookup.byZhPrefix(token.name);
      return prefixed.length === 1 ? prefixed[0] : undefined;
    }
  }
}
