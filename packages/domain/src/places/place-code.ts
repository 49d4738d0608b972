/**
 * The four-character place code of spec §5: the place id written in base 35, digits then letters
 * without `O` (so it never reads as zero), padded to four characters. Four characters hold ids up to
 * 35^4 - 1 = 1,500,624.
 */
export const PLACE_CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNPQRSTUVWXYZ';
export const PLACE_CODE_LENGTH = 4;
export const MAX_PLACE_ID = 35 ** PLACE_CODE_LENGTH - 1;

const VALUE: Record<string, number> = Object.fromEntries([...PLACE_CODE_ALPHABET].map((c, i) => [c, i]));

export function encodePlaceCode(id: number): string {
  if (!Number.isInteger(id) || id < 0 || id > MAX_PLACE_ID) throw new RangeError(`place id out of range: ${id}`);
  let code = '';
  let rest = id;
  for (let i = 0; i < PLACE_CODE_LENGTH; i++) {
    code = PLACE_CODE_ALPHABET[rest % 35] + code;
    rest = Math.floor(rest / 35);
  }
  return code;
}

/** The place id of a four-character code (any case), or null when it is not one. */
export function decodePlaceCode(code: string): number | null {
  if (code.length !== PLACE_CODE_LENGTH) return null;
  let id = 0;
  for (const ch of code.toUpperCase()) {
    const value = VALUE[ch];
    if (value === undefined) return null;
    id = id * 35 + value;
  }
  return id;
}
