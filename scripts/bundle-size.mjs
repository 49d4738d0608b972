// Prints the gzip size of the JavaScript and CSS the first page load needs (the entry and what it preloads).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let total = 0;
for (const file of files) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).length;
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} kB  initial load, gzip (${files.length} files of ${all} JS chunks)`,
);
