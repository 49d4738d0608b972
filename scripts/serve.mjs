// `npm run serve` (and `npm start` after the build): the compiled server with the settings in
// apps/server/runtime.json, the ones its memory figures are measured with and the container image uses.
// Node's young generation is kept to 16 MB a half (Node grows it to 64 MB on a large machine and keeps it),
// and the C library's allocator uses two arenas and gives blocks of 128 kB and more back to the system
// when freed (by default each thread gets an arena of its own and freed blocks up to 32 MB stay in
// them). Settings already in the environment win.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runtime = JSON.parse(readFileSync(path.join(root, 'apps/server/runtime.json'), 'utf8'));
const child = spawn(process.execPath, [...runtime.nodeOptions, path.join(root, runtime.entry)], {
  stdio: 'inherit',
  env: { ...runtime.env, ...process.env },
});
// Ctrl-C in a terminal reaches both processes; a signal sent to this one alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
