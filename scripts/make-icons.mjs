// Draws the site's app icons from its logo (apps/web/public/favicon.svg) in Chromium, into
// apps/web/public/icons/: 192 and 512 px as the logo is, a maskable 512 px and the 180 px apple-touch-icon
// with the logo's mark on a full square of the theme colour (its mark inside the middle 80 %, which every
// mask keeps). Run it again after the logo changes: `node scripts/make-icons.mjs`.
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const web = path.resolve(import.meta.dirname, '../apps/web/public');
const logo = readFileSync(path.join(web, 'favicon.svg'), 'utf8');
const THEME = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
if (!THEME) throw new Error('no theme colour in the logo');
/** The logo's mark without its rounded square, for the icons that fill their square. */
const mark = logo.replace(/<title>.*?<\/title>/, '').replace(/<rect[^>]*\/>/, '');
const fullBleed = mark.replace(
  /viewBox="0 0 64 64">/,
  // The mark spans about 44 of the logo's 64 units: 80 units of square keep it within the middle 64 %.
  `viewBox="-8 -8 80 80"><rect x="-8" y="-8" width="80" height="80" fill="${THEME}"/>`,
);

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await fs.mkdir(path.join(web, 'icons'), { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
    await page.screenshot({ path: path.join(web, 'icons', icon.file), omitBackground: true });
    await page.close();
    console.log(`icons/${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
