const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** Four digits (0–9999) in capitals, with the zeros inside read once (一千零五 → 壹仟零伍). */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (let u = 3; u >= 0; u--) {
    const d = Math.floor(n / 10 ** u) % 10;
    if (d === 0) {
      if (out !== '') zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + (UNITS[u] ?? '');
  }
  return out;
}

/**
 * An amount of yuan in the capitals written on an invoice's 价税合计（大写）: 壹佰贰拾叁圆肆角伍分,
 * 壹仟圆整, 负 before a negative amount (a red-letter invoice).
 */
export function rmbUpper(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount must be whole hundredths');
  if (minor < 0) return `负${rmbUpper(-minor)}`;
  const yuan = Math.floor(minor / 100);
  const jiao = Math.floor(minor / 10) % 10;
  const fen = minor % 10;
  let whole = '';
  let rest = yuan;
  let g = 0;
  let zeroBefore = false;
  while (rest > 0) {
    const part = rest % 10_000;
    if (part > 0) {
      whole = group(part) + (GROUPS[g] ?? '') + (zeroBefore ? '零' : '') + whole;
      zeroBefore = part < 1000;
    } else if (whole !== '') zeroBefore = true;
    rest = Math.floor(rest / 10_000);
    g++;
  }
  if (yuan === 0 && minor > 0) whole = '';
  else whole = `${whole || '零'}圆`;
  if (jiao === 0 && fen === 0) return `${whole}整`;
  const j = jiao > 0 ? `${DIGITS[jiao]}角` : whole ? '零' : '';
  return `${whole}${j}${fen > 0 ? `${DIGITS[fen]}分` : ''}`;
}
