import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  decodeFeed,
  encodeFeed,
  type GtfsFeed,
  type PackedFeed,
  packedFeed,
  packFeed,
  readGtfsZip,
} from '@junction/planner';
import { hasGtfsFeed, METRO_AGENCY_CITY, readGtfsFeedBytes } from '@junction/refdata';
import { METRO_PREFIX } from './door-to-door';
import { metroByCity } from './network-feeds';

/**
 * Raise it whenever reading a feed (`readGtfsZip`), splitting the metro by city or packing a feed
 * (`packFeed`) changes what they give: every kept form is then read again from the zips.
 */
const FORMAT = 1;

/** Where a server keeps the feeds' compact forms: in its data directory. */
export const feedCacheDir = (dataDir: string): string => path.join(dataDir, 'feeds');

/** The schedules' feeds as the inventory reads them: flights and rail whole, the metro packed per city. */
export type Feeds = { flights: GtfsFeed; rail: GtfsFeed; metros: Record<string, PackedFeed> };

/**
 * Reads the three GTFS feeds. With a directory, the result of reading each zip is kept there in a
 * compact binary form, named by the hash of the zip (and of what the reading depends on), and read
 * from there at the next start: text is parsed only when a feed changed or nothing is kept yet. A
 * directory that cannot be written only costs the speed-up.
 */
export function loadFeeds(cacheDir?: string): Feeds {
  const flights = readGtfsFeedBytes('flights');
  const rail = readGtfsFeedBytes('rail');
  const metro = hasGtfsFeed('metro') ? readGtfsFeedBytes('metro') : undefined;
  return {
    flights: kept(cacheDir, 'flights', [flights, 'air:'], () => readGtfsZip(flights, 'air:'), encodeFeed, decodeFeed),
    rail: kept(cacheDir, 'rail', [rail, 'rail:'], () => readGtfsZip(rail, 'rail:'), encodeFeed, decodeFeed),
    metros: metro
      ? kept(
          cacheDir,
          'metro',
          [metro, METRO_PREFIX, JSON.stringify(METRO_AGENCY_CITY)],
          () => packMetros(readGtfsZip(metro, METRO_PREFIX)),
          encodeMetros,
          decodeMetros,
        )
      : {},
  };
}

const packMetros = (feed: GtfsFeed): Record<string, PackedFeed> =>
  Object.fromEntries(
    Object.entries(metroByCity(feed, METRO_AGENCY_CITY)).map(([city, part]) => [city, packFeed(part)]),
  );

/**
 * What `read` gives for these sources: kept in `dir` as `<name>-<hash of the sources>.bin`, where a
 * later call finds it. A kept file of the same name for other sources is removed when a new one is kept.
 */
export function kept<T>(
  dir: string | undefined,
  name: string,
  sources: (Uint8Array | string)[],
  read: () => T,
  encode: (value: T) => Uint8Array,
  decode: (bytes: Uint8Array) => T,
): T {
  if (!dir) return read();
  const hash = createHash('sha256').update(String(FORMAT));
  for (const source of sources) hash.update(String(source.length)).update(source);
  const file = path.join(dir, `${name}-${hash.digest('hex').slice(0, 32)}.bin`);
  try {
    return decode(fs.readFileSync(file));
  } catch {
    // Not kept yet, or unreadable: read from the sources, and keep it.
  }
  const value = read();
  try {
    fs.mkdirSync(dir, { recursive: true });
    // Written aside and renamed into place, so that another process starting meanwhile never reads half a file.
    const aside = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(aside, encode(value));
    fs.renameSync(aside, file);
    for (const other of fs.readdirSync(dir))
      if (other.startsWith(`${name}-`) && other.endsWith('.bin') && path.join(dir, other) !== file)
        fs.rmSync(path.join(dir, other), { force: true });
  } catch {
    // A read-only or full disk: the next start reads the sources again.
  }
  return value;
}

/** The cities' packed feeds one after another, behind a header that names each city and its size. */
function encodeMetros(metros: Record<string, PackedFeed>): Uint8Array {
  const parts = Object.entries(metros).map(([city, feed]) => [city, new Uint8Array(feed.buffer)] as const);
  const header = Buffer.from(JSON.stringify(parts.map(([city, bytes]) => [city, bytes.byteLength])));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.byteLength);
  return Buffer.concat([length, header, ...parts.map(([, bytes]) => bytes)]);
}

function decodeMetros(bytes: Uint8Array): Record<string, PackedFeed> {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = data.readUInt32LE(0);
  const sizes = JSON.parse(data.subarray(4, 4 + headerLength).toString('utf8')) as [string, number][];
  let at = 4 + headerLength;
  const metros: Record<string, PackedFeed> = {};
  for (const [city, size] of sizes) {
    if (at + size > data.byteLength) throw new Error('metro feeds cut short');
    const buffer = new SharedArrayBuffer(size);
    new Uint8Array(buffer).set(data.subarray(at, at + size));
    metros[city] = packedFeed(buffer);
    at += size;
  }
  if (at !== data.byteLength) throw new Error('metro feeds of another size');
  return metros;
}
