import type { LatLon } from './geo';

/*
 * China's map datum GCJ-02 (used by AMap, Tencent and every map licensed in mainland China) shifts
 * WGS-84 positions by an obfuscating offset of up to about 700 m inside China, and not at all outside it.
 * This is the one place that converts: positions from Chinese providers come in as GCJ-02 and are stored
 * as WGS-84, the system of the feeds and the gazetteer. The forward formula is the published one; the
 * inverse iterates it to about a millimetre.
 */

const A = 6378245.0;
const EE = 0.006693421622965943;

/** Mainland China's rough bounding box, where GCJ-02 applies (Hong Kong, Macao and Taiwan use WGS-84). */
export function inMainlandChina(p: LatLon): boolean {
  if (p.lon < 72.004 || p.lon > 137.8347 || p.lat < 0.8293 || p.lat > 55.8271) return false;
  // Hong Kong and Macao, and Taiwan.
  if (p.lat > 22.13 && p.lat < 22.57 && p.lon > 113.52 && p.lon < 114.45) return false;
  if (p.lat > 21.87 && p.lat < 25.35 && p.lon > 119.9 && p.lon < 122.1) return false;
  return true;
}

function transformLat(x: number, y: number): number {
  let r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return r;
}

function transformLon(x: number, y: number): number {
  let r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return r;
}

/** WGS-84 → GCJ-02 (the identity outside mainland China). */
export function wgs84ToGcj02(p: LatLon): LatLon {
  if (!inMainlandChina(p)) return { lat: p.lat, lon: p.lon };
  const dLat0 = transformLat(p.lon - 105.0, p.lat - 35.0);
  const dLon0 = transformLon(p.lon - 105.0, p.lat - 35.0);
  const radLat = (p.lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (dLat0 * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLon = (dLon0 * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lat: p.lat + dLat, lon: p.lon + dLon };
}

/** GCJ-02 → WGS-84, by iterating the forward transform until it lands on the given point. */
export function gcj02ToWgs84(p: LatLon): LatLon {
  if (!inMainlandChina(p)) return { lat: p.lat, lon: p.lon };
  let guess = { lat: p.lat, lon: p.lon };
  for (let i = 0; i < 30; i++) {
    const there = wgs84ToGcj02(guess);
    const dLat = there.lat - p.lat;
    const dLon = there.lon - p.lon;
    guess = { lat: guess.lat - dLat, lon: guess.lon - dLon };
    if (Math.abs(dLat) < 1e-10 && Math.abs(dLon) < 1e-10) break;
  }
  return guess;
}
