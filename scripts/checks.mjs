// Runs every check of `npm run check` (the type checks of each package, the linter, the dependency rules, the
// texts of both languages, the first page's size), as many at a time as the machine has cores: each is a
// single-threaded process, and one after another they left a core of a two-core machine idle. Each check's
// output is printed whole when it ends, with its time; the run fails if any check fails, after all have ended.
//
//   node scripts/checks.mjs            every check
//   node scripts/checks.mjs lint i18n  only the checks named
//   node scripts/checks.mjs --list     the checks and their commands, as JSON
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The checks, the longest first so that the short ones fill in beside them. */
const CHECKS = [
  { name: 'types: server', command: ['npx', 'tsgo', '-p', 'apps/server'] },
  { name: 'types: web', command: ['npx', 'tsgo', '-p', 'apps/web'] },
  { name: 'bundle', command: ['npm', 'run', 'check:bundle', '--silent'] },
  { name: 'types: planner', command: ['npx', 'tsgo', '-p', 'packages/planner'] },
  { name: 'types: domain', command: ['npx', 'tsgo', '-p', 'packages/domain'] },
  { name: 'types: refdata', command: ['npx', 'tsgo', '-p', 'packages/refdata'] },
  { name: 'types: scripts', command: ['npx', 'tsgo', '-p', 'scripts'] },
  { name: 'deps', command: ['npm', 'run', 'check:deps', '--silent'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'i18n', command: ['npm', 'run', 'check:i18n', '--silent'] },
];

function run(check) {
  const started = performance.now();
  return new Promise((resolve) => {
    const [file, ...args] = check.command;
    const child = spawn(file, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      console.log(`\n${ok ? '✓' : '✗'} ${check.name} (${seconds} s): ${check.command.join(' ')}`);
      if (output.trim()) console.log(output.trimEnd());
      resolve({ name: check.name, ok });
    });
  });
}

if (process.argv[2] === '--list') {
  console.log(JSON.stringify(CHECKS));
  process.exit(0);
}
const wanted = process.argv.slice(2);
const checks = wanted.length ? CHECKS.filter((c) => wanted.some((w) => c.name.includes(w))) : CHECKS;
if (checks.length === 0) {
  console.error(`No check is named ${wanted.join(', ')}; the checks: ${CHECKS.map((c) => c.name).join(', ')}`);
  process.exit(2);
}

const queue = [...checks];
const results = [];
const lane = async () => {
  for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
};
const started = performance.now();
await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), checks.length)) }, lane));
const failed = results.filter((r) => !r.ok).map((r) => r.name);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failed.length) {
  console.error(`\n${failed.length} of ${results.length} checks failed in ${seconds} s: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll ${results.length} checks passed in ${seconds} s.`);
