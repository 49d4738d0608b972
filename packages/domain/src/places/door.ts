import { withoutWebAddresses } from '../plain-text';

/** The doors with a name of their own: a landmark of a kind, a metro station, a district, a town (the gazetteer's kinds, in its order). */
export const NAMED_DOOR_KINDS = [
  'landmark',
  'business',
  'university',
  'hospital',
  'hotel',
  'metro',
  'district',
  'town',
] as const;

/** What a door found by name is: a named one, an address, or a pin on the map. */
export const DOOR_KINDS = [...NAMED_DOOR_KINDS, 'address', 'pin'] as const;
export type DoorKind = (typeof DOOR_KINDS)[number];

/** Doors are carried to five decimals (about a metre). */
const DOOR_DECIMALS = 5;
const DOOR_TOKEN = /^@(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/;

/** A door as a place token of search criteria and search links: `@lat,lon`, e.g. `@39.9125,116.4105`. */
export function formatDoorToken(point: { lat: number; lon: number }): string {
  const fixed = (x: number) => String(Number(x.toFixed(DOOR_DECIMALS)));
  return `@${fixed(point.lat)},${fixed(point.lon)}`;
}

/** The point of a door token, or null when the text is not one (or lies off the earth). */
export function parseDoorToken(token: string): { lat: number; lon: number } | null {
  const m = DOOR_TOKEN.exec(token.trim());
  if (!m) return null;
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat: lat === 0 ? 0 : lat, lon: lon === 0 ? 0 : lon };
}

export const isDoorToken = (token: string): boolean => parseDoorToken(token) !== null;

/** A stable negative id for a door, from its point: never a place id, and the same door gives the same id. */
export function doorIdOf(point: { lat: number; lon: number }): number {
  const token = formatDoorToken(point);
  let h = 2166136261;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 16777619);
  return -1 - ((h >>> 0) % 2_000_000_000);
}

/** A door as a short link carries it: its point and its name (empty when the link gives none). */
export type LinkDoor = { lat: number; lon: number; name: string };

/** A door's name in a short link is cut to this many characters. */
export const DOOR_LINK_NAME_MAX = 40;

/** Characters that separate a short link's parts or a URL's, written `%XX` inside a door's name. */
const LINK_ESCAPES: Record<string, string> = {
  '%': '%25',
  '-': '%2D',
  ',': '%2C',
  '~': '%7E',
  '/': '%2F',
  '?': '%3F',
  '#': '%23',
  '\\': '%5C',
};
const LINK_UNESCAPES: Record<string, string> = Object.fromEntries(Object.entries(LINK_ESCAPES).map(([c, e]) => [e, c]));
const LINK_ESCAPED = /[%\-,~/?#\\]/g;
const DOOR_LINK_TOKEN = /^@(\d{1,2}(?:\.\d{1,5})?)([NS])(\d{1,3}(?:\.\d{1,5})?)([EW])(?:~(.+))?$/;

/**
 * A door's name as a link keeps it: plain text (no control characters or markup, single spaces, trimmed)
 * without web addresses, at most `DOOR_LINK_NAME_MAX` characters. A link whose name is not so is refused.
 */
export function normalizeDoorName(name: string): string {
  // Longer than any name it keeps, whatever is taken out: the rest is never read.
  const clean = withoutWebAddresses(name.slice(0, DOOR_LINK_NAME_MAX * 8));
  return Array.from(clean).slice(0, DOOR_LINK_NAME_MAX).join('').trim();
}

/**
 * A door as a place token of a short link (spec §5, extended): `@` latitude `N`/`S`, longitude `E`/`W`
 * to five decimals, then `~` and its name when it has one, e.g. `@39.9125N116.4105E~王府井`. No `-` or
 * `,` appears outside the name's `%XX` escapes, so the token sits between a route's dashes as it is.
 */
export function formatDoorLinkToken(door: LinkDoor): string {
  const fixed = (x: number) => String(Number(Math.abs(x).toFixed(DOOR_DECIMALS)));
  const lat = Number(door.lat.toFixed(DOOR_DECIMALS));
  const lon = Number(door.lon.toFixed(DOOR_DECIMALS));
  const name = normalizeDoorName(door.name).replace(LINK_ESCAPED, (c) => LINK_ESCAPES[c] as string);
  return `@${fixed(lat)}${lat < 0 ? 'S' : 'N'}${fixed(lon)}${lon < 0 ? 'W' : 'E'}${name ? `~${name}` : ''}`;
}

/**
 * The door of a short link's place token, or null when the token is not one: a point off the earth, a
 * name with a separator left bare, an unknown `%` escape, or a name that is not as the link writes it.
 */
export function parseDoorLinkToken(token: string): LinkDoor | null {
  const m = DOOR_LINK_TOKEN.exec(token);
  if (!m) return null;
  const lat = Number(m[1]) * (m[2] === 'S' ? -1 : 1);
  const lon = Number(m[3]) * (m[4] === 'W' ? -1 : 1);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const raw = m[5] ?? '';
  if (/[,~/?#\\-]/.test(raw) || /%(?![0-9A-F]{2})/.test(raw)) return null;
  let bad = false;
  const name = raw.replace(/%[0-9A-F]{2}/g, (e) => {
    const c = LINK_UNESCAPES[e];
    if (c === undefined) bad = true;
    return c ?? '';
  });
  if (bad || name !== normalizeDoorName(name)) return null;
  return { lat: lat === 0 ? 0 : lat, lon: lon === 0 ? 0 : lon, name };
}
