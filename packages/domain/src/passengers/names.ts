/**
 * Names of spec §5. A Chinese name is at least two Chinese characters, with `·` between the parts of a
 * minority or transliterated name (阿依古丽·买买提). An English name is letters as the passport or pinyin
 * writes them, with single spaces, hyphens or apostrophes between the parts.
 */
const CHINESE_NAME = /^\p{Script=Han}+(·\p{Script=Han}+)*$/u;
const ENGLISH_NAME = /^[A-Za-z]+([ '-][A-Za-z]+)*$/;
const NAME_MAX = 40;

/** Writes the middle dot of a minority name the one way (full stops and bullets people type for it). */
export const normalizeChineseName = (raw: string): string => raw.trim().replace(/[.．•‧・]/g, '·');
/** Collapses runs of spaces; passports write English names in capitals. */
export const normalizeEnglishName = (raw: string): string => raw.trim().replace(/\s+/g, ' ').toUpperCase();

export function isChineseName(raw: string): boolean {
  const name = normalizeChineseName(raw);
  if (name.length > NAME_MAX || !CHINESE_NAME.test(name)) return false;
  return name.replace(/·/g, '').length >= 2;
}

export function isEnglishName(raw: string): boolean {
  const name = normalizeEnglishName(raw);
  return name.length > 0 && name.length <= NAME_MAX && ENGLISH_NAME.test(name);
}

/**
 * Which names a route needs (spec §5): both, Chinese only, English only, or at least one. Travel
 * abroad needs the English name as in the document; a train that crosses the border (Hong Kong,
 * Macao) wants both; a train within the mainland taken on a resident ID card wants the Chinese name
 * on the card; anything else within the mainland takes either.
 */
export type NameRequirement = 'both' | 'chinese' | 'english' | 'either';
export type RouteKind = { international: boolean; rail: boolean };

export function nameRequirement(route: RouteKind, onIdCard = false): NameRequirement {
  if (route.international) return route.rail ? 'both' : 'english';
  return route.rail && onIdCard ? 'chinese' : 'either';
}
