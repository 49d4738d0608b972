/**
 * Names as they are kept: a contact's name, a place's name in search criteria, a door's name. Whatever a
 * client sends, a name is one line of text: no control or format characters (line breaks, NUL, bidi
 * overrides), no markup, single spaces, trimmed. What is removed could only have been used to write into
 * an e-mail's headers or a page's markup, or to make a name read differently from what it is.
 */

/** Control, format, line- and paragraph-separator characters: whitespace to a name, or nothing at all. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** A tag, `<b>`, `</script>`, `<img src=x onerror=…>`, and then any angle bracket left over. */
const TAG = /<[^<>]*>/g;
const ANGLE = /[<>]/g;

/** Text as a name keeps it: NFC, no control characters, no markup, single spaces, trimmed. */
export function plainText(text: string): string {
  return text
    .normalize('NFC')
    .replace(INVISIBLE, ' ')
    .replace(TAG, ' ')
    .replace(ANGLE, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Top-level domains a web address in a name would end in; a dot before anything else (`No.1`,
 * `St.Regis`) is a name's own.
 */
const TLDS = [
  'com',
  'net',
  'org',
  'cn',
  'hk',
  'mo',
  'tw',
  'io',
  'co',
  'cc',
  'me',
  'info',
  'biz',
  'xyz',
  'top',
  'vip',
  'app',
  'dev',
  'site',
  'online',
  'shop',
  'store',
  'club',
  'link',
  'live',
  'ly',
  'tk',
  'ru',
  'uk',
  'de',
  'jp',
  'kr',
  'us',
  'eu',
  'in',
  'ai',
  'gov',
  'edu',
];
const WEB_ADDRESS = new RegExp(
  [
    // A scheme and what follows it: https://…, ftp://…, javascript:…, data:…
    String.raw`(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:(?:\/\/|%2f%2f)\S*`,
    String.raw`\b(?:javascript|data|vbscript):\S*`,
    String.raw`\bwww\.\S*`,
    // A host name's last two labels, the second a known top-level domain, and any path: example.com/prize.
    // Each part starts where a run of its characters starts, so a long text is read in linear time.
    String.raw`(?<![\p{L}\p{N}-])[\p{L}\p{N}-]+\.(?:${TLDS.join('|')}|xn--[a-z0-9-]+)\b(?:[/:?#]\S*)?`,
  ].join('|'),
  'giu',
);

/** Whether text holds a web address (a scheme, `www.`, or a host name ending in a known domain). */
export function hasWebAddress(text: string): boolean {
  WEB_ADDRESS.lastIndex = 0;
  return WEB_ADDRESS.test(text);
}

/** Plain text with any web address taken out (again, should taking one out join the rest into another). */
export function withoutWebAddresses(text: string): string {
  let clean = plainText(text);
  for (let round = 0; round < 5 && hasWebAddress(clean); round++) clean = plainText(clean.replace(WEB_ADDRESS, ' '));
  return hasWebAddress(clean) ? '' : clean;
}
