/** A difference between the English and Chinese texts of one namespace. */
export type I18nProblem = { namespace: string; key: string; problem: string };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;

/** Names a sentence may leave out in one language (Chinese often drops the brand where English repeats it). */
const OMITTABLE = new Set(['brand', 'company']);

const placeholders = (text: string): Set<string> => new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''));

function placeholdersDiffer(a: string, b: string): boolean {
  const pa = placeholders(a);
  const pb = placeholders(b);
  const onlyOne = [...pa].filter((p) => !pb.has(p)).concat([...pb].filter((p) => !pa.has(p)));
  return onlyOne.some((p) => !OMITTABLE.has(p));
}

/** Leaves as path → value; plural forms fold to one key, since Chinese needs only `_other`. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (Array.isArray(value)) {
    out.set(`${prefix}[]`, value.length);
    for (const [i, v] of value.entries()) flatten(v, `${prefix}[${i}]`, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    const key = prefix.replace(PLURAL_SUFFIX, '');
    if (!out.has(key) || typeof value === 'string') out.set(key, value);
  }
}

/**
 * Compares the two languages of a namespace: the same keys, the same list lengths, no empty text,
 * and the same placeholders in each pair of strings (the brand and company names may be left out).
 */
export function compareNamespaces(namespace: string, en: unknown, zh: unknown): I18nProblem[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(en, '', a);
  flatten(zh, '', b);
  const problems: I18nProblem[] = [];
  for (const [key, value] of a) {
    if (!b.has(key)) {
      problems.push({ namespace, key, problem: 'missing in zh-CN' });
      continue;
    }
    const other = b.get(key);
    if (key.endsWith('[]') && value !== other) {
      problems.push({ namespace, key, problem: `list has ${value} items in en, ${other} in zh-CN` });
    } else if (typeof value === 'string' && typeof other === 'string') {
      if (value.trim() === '' || other.trim() === '') problems.push({ namespace, key, problem: 'empty text' });
      if (placeholdersDiffer(value, other)) {
        problems.push({ namespace, key, problem: 'placeholders differ between en and zh-CN' });
      }
    }
  }
  for (const key of b.keys()) if (!a.has(key)) problems.push({ namespace, key, problem: 'missing in en' });
  return problems;
}

/** The card brands, in the one order every text that lists them keeps: each by its names in either language. */
const CARD_BRANDS: readonly (readonly string[])[] = [
  ['Visa'],
  ['Mastercard', '万事达'],
  ['UnionPay', '银联'],
  ['JCB'],
  ['American Express', '美国运通'],
  ['Discover'],
];

/**
 * Texts that list three card brands or more in another order than the others (a payment page showing two
 * such lists side by side would read as careless).
 */
export function cardBrandOrder(namespace: string, texts: unknown): I18nProblem[] {
  const all = new Map<string, unknown>();
  flatten(texts, '', all);
  const problems: I18nProblem[] = [];
  for (const [key, value] of all) {
    if (typeof value !== 'string') continue;
    const found = CARD_BRANDS.map((names, order) => ({
      order,
      at: Math.max(-1, ...names.map((name) => value.indexOf(name))),
    })).filter((b) => b.at >= 0);
    if (found.length < 3) continue;
    const byPlace = [...found].sort((x, y) => x.at - y.at).map((b) => b.order);
    if (byPlace.some((order, i) => i > 0 && order < (byPlace[i - 1] as number)))
      problems.push({
        namespace,
        key,
        problem: 'card brands listed in another order than Visa, Mastercard, UnionPay, JCB, American Express, Discover',
      });
  }
  return problems;
}
