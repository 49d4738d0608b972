import { wgs84ToGcj02 } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projection, tilesInView } from './map-view';

/** The standard slippy-map tile of a point at a zoom. */
function slippy(lat: number, lon: number, z: number) {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  };
}

const view = (proj: ReturnType<typeof projection>, lat: number, lon: number, span: number) => ({
  x: proj.x(lon) - span * 0.8,
  y: proj.y(lat) - span / 2,
  w: span * 1.6,
  h: span,
});

describe('map tiles under the map', () => {
  const tiles = { url: 'http://tiles.test/{z}/{x}/{y}.png', datum: 'wgs84' as const };

  it('draws the tiles of the view at the zoom that matches the screen, where Web Mercator puts them', () => {
    const proj = projection(39.9);
    const { images, shift } = tilesInView(tiles, proj, view(proj, 39.9087, 116.3975, 110), 800);
    expect(shift).toEqual({ x: 0, y: 0 });
    const z = Number(images[0]?.key.split('/')[0]);
    // About 12 km across 800 pixels: a street-level zoom.
    expect(z).toBeGreaterThanOrEqual(12);
    expect(z).toBeLessThanOrEqual(14);
    const here = slippy(39.9087, 116.3975, z);
    const tile = images.find((t) => t.key === `${z}/${here.x}/${here.y}`);
    expect(tile?.href).toBe(`http://tiles.test/${z}/${here.x}/${here.y}.png`);
    // Tiananmen lies inside the tile drawn for it.
    const px = proj.x(116.3975);
    const py = proj.y(39.9087);
    expect(px).toBeGreaterThanOrEqual(tile?.x ?? Number.NaN);
    expect(px).toBeLessThan((tile?.x ?? 0) + (tile?.size ?? 0));
    expect(py).toBeGreaterThanOrEqual(tile?.y ?? Number.NaN);
    expect(py).toBeLessThan((tile?.y ?? 0) + (tile?.size ?? 0));
  });

  it('always covers the point at the centre of the view, with a bounded number of tiles', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: 5, max: 20_000, noNaN: true }),
        fc.integer({ min: 200, max: 2000 }),
        (lat, lon, span, width) => {
          const proj = projection(lat);
          const { images } = tilesInView(tiles, proj, view(proj, lat, lon, span), width);
          expect(images.length).toBeGreaterThan(0);
          expect(images.length).toBeLessThanOrEqual(48);
          const z = Number(images[0]?.key.split('/')[0]);
          const here = slippy(lat, lon, z);
          expect(images.some((t) => t.key === `${z}/${here.x}/${here.y}`)).toBe(true);
        },
      ),
    );
  });

  it('shifts GCJ-02 tiles back by the datum offset at the centre, and only in mainland China', () => {
    const proj = projection(31.23);
    const gcj = { ...tiles, datum: 'gcj02' as const };
    const { shift } = tilesInView(gcj, proj, view(proj, 31.2363, 121.5055, 110), 800);
    const moved = wgs84ToGcj02({ lat: 31.2363, lon: 121.5055 });
    expect(shift.x).toBeCloseTo(proj.x(121.5055) - proj.x(moved.lon), 1);
    expect(shift.y).toBeCloseTo(proj.y(31.2363) - proj.y(moved.lat), 1);
    // Hundreds of metres in Shanghai: several world units.
    expect(Math.hypot(shift.x, shift.y)).toBeGreaterThan(2);
    const london = projection(51.5);
    expect(tilesInView(gcj, london, view(london, 51.5, -0.12, 110), 800).shift).toEqual({ x: 0, y: 0 });
  });
});
