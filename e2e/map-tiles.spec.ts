import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { startServer } from './second-server';
import { LANGUAGES, text, useLanguage, watchErrors } from './support';

/**
 * A commercial map's tiles under our map: a tile server of our own in the test (generated PNGs, a
 * checkerboard of pale squares with a grid) stands where AMap's would, and a second server process is
 * configured with its address as AMap's GCJ-02 tiles. Off by default, so the rest of the suite draws none.
 */
function tilePng(x: number, y: number): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  const dark = (x + y) % 2 === 0;
  for (let py = 0; py < 256; py++)
    for (let px = 0; px < 256; px++) {
      const i = (py * 256 + px) * 4;
      const grid = px % 64 === 0 || py % 64 === 0;
      png.data[i] = grid ? 170 : dark ? 214 : 226;
      png.data[i + 1] = grid ? 190 : dark ? 232 : 240;
      png.data[i + 2] = grid ? 170 : dark ? 206 : 222;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

// Both languages in one worker, in turn, on one server with map tiles.
test.describe.configure({ mode: 'default' });

let tiles: http.Server;
let app: ChildProcess;
let base = '';
const served: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  tiles = http.createServer((req, res) => {
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    served.push(`${m[1]}/${m[2]}/${m[3]}`);
    res.writeHead(200, { 'content-type': 'image/png' }).end(tilePng(Number(m[2]), Number(m[3])));
  });
  const tilePort = await new Promise<number>((resolve) =>
    tiles.listen(0, '127.0.0.1', () => resolve((tiles.address() as net.AddressInfo).port)),
  );
  ({ base, child: app } = await startServer(
    {
      MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
      MAP_TILE_DATUM: 'gcj02',
      MAP_TILE_ATTRIBUTION: '© Test tiles',
    },
    'the server with map tiles',
  ));
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await new Promise((r) => tiles?.close(r));
});

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** The slippy-map tile of a point at a zoom. */
function tileOf(lat: number, lon: number, z: number) {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return `${z}/${Math.floor(((lon + 180) / 360) * n)}/${Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)}`;
}

for (const lang of LANGUAGES) {
  test(`the map draws a configured map's tiles underneath, shifted for GCJ-02, in ${lang}`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, base, lang);
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    served.length = 0;
    await page.goto(`${base}/`);
    await page.getByTestId('leg-0').getByTestId('choose-on-map').first().click();
    const dialog = page.getByRole('dialog');
    const map = dialog.getByTestId('map');
    await expect(map.locator('[data-map-hub="PEK"]')).toBeVisible();
    const layer = map.locator('[data-map-tiles="gcj02"]');
    await expect(layer.locator('image').first()).toBeAttached();
    // Every tile drawn was served by the tile server, with nothing refused by the page's policy.
    const drawn = await layer.locator('image').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile') ?? ''));
    await expect.poll(() => drawn.every((d) => served.includes(d)), { timeout: 60_000 }).toBe(true);
    // The tile under Beijing's centre is among them, and the layer is moved back by the GCJ-02 offset.
    const z = Number(drawn[0]?.split('/')[0]);
    expect(z).toBeGreaterThanOrEqual(8);
    expect(drawn).toContain(tileOf(39.9042, 116.4074, z));
    const shift = ((await layer.getAttribute('transform')) ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    expect(Math.hypot(shift[0] ?? 0, shift[1] ?? 0)).toBeGreaterThan(0.5);
    await expect(dialog.getByTestId('map-attribution')).toHaveText('© Test tiles');
    // Zooming in asks for the next tiles; the pin is still named from our own data.
    await dialog.getByRole('button', { name: text(lang, 'common', 'map.zoomIn') }).click();
    await expect.poll(() => layer.locator('image').first().getAttribute('data-tile')).not.toMatch(new RegExp(`^${z}/`));
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(dialog.getByTestId('map-pin-name')).not.toHaveText('');
    await shot(page, `tiles-${lang}-1280`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, `tiles-${lang}-1440`);
    expect(errors).toEqual([]);
  });
}
