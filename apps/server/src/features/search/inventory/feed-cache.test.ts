import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeFeed } from '@junction/planner';
import { afterEach, describe, expect, it } from 'vitest';
import { kept, loadFeeds } from './feed-cache';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-feeds-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** A source read through `kept`, counting how often it is read from its text. */
function counted(dir: string) {
  let reads = 0;
  const load = (source: string) =>
    kept(
      dir,
      'feed',
      [source],
      () => {
        reads++;
        return { text: source.toUpperCase() };
      },
      (value) => new TextEncoder().encode(JSON.stringify(value)),
      (bytes) => JSON.parse(new TextDecoder().decode(bytes)) as { text: string },
    );
  return { load, reads: () => reads };
}

describe('the feeds kept in their compact form', () => {
  it('are read from their source once, then from what was kept, until the source changes', () => {
    const dir = tempDir();
    const feed = counted(dir);
    expect(feed.load('rail v1')).toEqual({ text: 'RAIL V1' });
    expect(feed.load('rail v1')).toEqual({ text: 'RAIL V1' });
    expect(feed.reads()).toBe(1);
    // A new feed is read again, and the form kept of the old one goes.
    expect(feed.load('rail v2')).toEqual({ text: 'RAIL V2' });
    expect(feed.reads()).toBe(2);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(feed.load('rail v2')).toEqual({ text: 'RAIL V2' });
    expect(feed.reads()).toBe(2);
  });

  it('reads the source again when what was kept is damaged, and keeps it anew', () => {
    const dir = tempDir();
    const feed = counted(dir);
    feed.load('metro');
    const [file] = fs.readdirSync(dir);
    fs.writeFileSync(path.join(dir, file as string), '{"text": "MET');
    expect(feed.load('metro')).toEqual({ text: 'METRO' });
    expect(feed.reads()).toBe(2);
    expect(feed.load('metro')).toEqual({ text: 'METRO' });
    expect(feed.reads()).toBe(2);
  });

  it('still reads the source where nothing can be kept', () => {
    const feed = counted('/dev/null/feeds');
    expect(feed.load('flights')).toEqual({ text: 'FLIGHTS' });
    expect(feed.load('flights')).toEqual({ text: 'FLIGHTS' });
    expect(feed.reads()).toBe(2);
  });

  it('give the same flights, trains and metros as the zips read afresh', () => {
    const dir = tempDir();
    const fresh = loadFeeds(dir);
    expect(fs.readdirSync(dir).sort()).toEqual([
      expect.stringMatching(/^flights-\w+\.bin$/),
      expect.stringMatching(/^metro-\w+\.bin$/),
      expect.stringMatching(/^rail-\w+\.bin$/),
    ]);
    const again = loadFeeds(dir);
    expect(again.flights.trips.length).toBeGreaterThan(1000);
    expect(same(encodeFeed(again.flights), encodeFeed(fresh.flights))).toBe(true);
    expect(same(encodeFeed(again.rail), encodeFeed(fresh.rail))).toBe(true);
    expect(Object.keys(again.metros).sort()).toEqual(Object.keys(fresh.metros).sort());
    expect(Object.keys(again.metros)).toContain('BJS');
    for (const [city, feed] of Object.entries(fresh.metros))
      expect(same(new Uint8Array(again.metros[city]?.buffer ?? new ArrayBuffer(0)), new Uint8Array(feed.buffer))).toBe(
        true,
      );
  });
});
