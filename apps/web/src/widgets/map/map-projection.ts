import { type MapTiles, wgs84ToGcj02 } from '@junction/domain';

/** Map units per degree of latitude: the SVG's world coordinates. */
const K = 1000;

const DEG = Math.PI / 180;
/** Web Mercator's y of a latitude, in degrees of the equator (±180 at the map's edges). */
const mercator = (lat: number) =>
  Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.0511, Math.min(85.0511, lat)) * DEG) / 2)) / DEG;
const unmercator = (y: number) => (2 * Math.atan(Math.exp(y * DEG)) - Math.PI / 2) / DEG;

/**
 * Web Mercator, scaled so that around the reference latitude one world unit is about 1/K degree of
 * latitude: map tiles sit exactly underneath, and a city keeps its shape.
 */
export function projection(lat0: number) {
  const c = Math.cos(lat0 * DEG);
  return {
    x: (lon: number) => lon * c * K,
    y: (lat: number) => -mercator(lat) * c * K,
    lon: (x: number) => x / (c * K),
    lat: (y: number) => unmercator(-y / (c * K)),
    /** World units across a whole zoom-0 tile. */
    world: 360 * c * K,
  };
}

export type Projection = ReturnType<typeof projection>;
/** At most this many tiles are drawn at once. */
const MAX_TILES = 48;

/**
 * The tiles of a commercial map under the view: the zoom whose 256-pixel tiles match the screen, each
 * tile placed where Web Mercator puts it. GCJ-02 tiles (AMap) are drawn shifted back by the datum's
 * offset at the view's centre, so their streets lie under our WGS-84 data.
 */
export function tilesInView(
  tiles: MapTiles,
  proj: Projection,
  vb: { x: number; y: number; w: number; h: number },
  widthPx: number,
) {
  if (widthPx <= 0) return { images: [], shift: { x: 0, y: 0 } };
  let z = Math.max(0, Math.min(18, Math.round(Math.log2((proj.world * widthPx) / vb.w / 256))));
  // World x of lon -180 and world y of the map's top edge (mercator +180).
  const left = -proj.world / 2;
  const top = -proj.world / 2;
  const range = (zoom: number) => {
    const n = 2 ** zoom;
    const size = proj.world / n;
    return {
      size,
      x0: Math.max(0, Math.floor((vb.x - left) / size)),
      x1: Math.min(n - 1, Math.floor((vb.x + vb.w - left) / size)),
      y0: Math.max(0, Math.floor((vb.y - top) / size)),
      y1: Math.min(n - 1, Math.floor((vb.y + vb.h - top) / size)),
    };
  };
  let r = range(z);
  // A very wide screen takes the next zoom out rather than a crowd of tiles.
  while (z > 0 && (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1) > MAX_TILES) r = range(--z);
  const images: { key: string; href: string; x: number; y: number; size: number }[] = [];
  for (let ty = r.y0; ty <= r.y1; ty++) {
    for (let tx = r.x0; tx <= r.x1; tx++) {
      const href = tiles.url.replaceAll('{z}', String(z)).replaceAll('{x}', String(tx)).replaceAll('{y}', String(ty));
      images.push({ key: `${z}/${tx}/${ty}`, href, x: left + tx * r.size, y: top + ty * r.size, size: r.size });
    }
  }
  let shift = { x: 0, y: 0 };
  if (tiles.datum === 'gcj02') {
    const centre = { lat: proj.lat(vb.y + vb.h / 2), lon: proj.lon(vb.x + vb.w / 2) };
    const g = wgs84ToGcj02(centre);
    shift = { x: proj.x(centre.lon) - proj.x(g.lon), y: proj.y(centre.lat) - proj.y(g.lat) };
  }
  return { images, shift };
}
