// `npx tsx bench/long-tasks.ts <file.cpuprofile | dir>`: the main thread's long tasks in a CPU profile
// (`node --cpu-prof`, e.g. `BUSY_CPU_PROF=<dir> npm run bench:busy`): runs of consecutive busy samples
// (not idle) of 20 ms or more, each named by the functions of the project that took most of it (time
// with their callees), and how much of it was garbage collection. A directory: its main thread's profile
// (thread 0), the largest if several.
import fs from 'node:fs';
import path from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const LONG_MS = Number(process.env.LONG_TASK_MS ?? 20);
const arg = process.argv[2];
if (!arg) throw new Error('usage: long-tasks.ts <file.cpuprofile | dir>');
const file = fs.statSync(arg).isDirectory()
  ? (fs
      .readdirSync(arg)
      .filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))
      .map((f) => path.join(arg, f))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0] ?? '')
  : arg;
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const parent = new Map<number, number>();
const byId = new Map<number, Node>();
for (const n of profile.nodes) {
  byId.set(n.id, n);
  for (const c of n.children ?? []) parent.set(c, n.id);
}
const ours = (n: Node) => /\/(apps|packages)\/[^/]+\/(dist|src)\//.test(n.callFrame.url);
const name = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url.split('?')[0] ?? '')}`;
/** The project's functions on a sample's stack, each once. */
const stackOf = (id: number): string[] => {
  const names = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at);
    if (n && ours(n)) names.add(name(n));
  }
  return [...names];
};
const leaf = (id: number) => byId.get(id)?.callFrame.functionName ?? '';

type Run = { ms: number; gcMs: number; by: Map<string, number> };
const runs: Run[] = [];
let run: Run | undefined;
let busyMs = 0;
let totalMs = 0;
profile.samples.forEach((id, i) => {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  totalMs += dt;
  if (leaf(id) === '(idle)') {
    if (run && run.ms >= LONG_MS) runs.push(run);
    run = undefined;
    return;
  }
  busyMs += dt;
  run ??= { ms: 0, gcMs: 0, by: new Map() };
  run.ms += dt;
  if (leaf(id) === '(garbage collector)') run.gcMs += dt;
  for (const f of stackOf(id)) run.by.set(f, (run.by.get(f) ?? 0) + dt);
});
if (run && run.ms >= LONG_MS) runs.push(run);

console.log(
  `${path.basename(file)}: ${(totalMs / 1000).toFixed(1)} s profiled, main thread busy ${(busyMs / 1000).toFixed(1)} s; ` +
    `${runs.length} runs of ${LONG_MS} ms or more, ${runs.filter((r) => r.ms >= 50).length} of 50 ms or more`,
);
/** What a run did: the deepest of the project's functions that took at least half of it, else the most. */
const what = (r: Run) => {
  const top = [...r.by.entries()].sort((a, b) => b[1] - a[1]);
  const half = top.filter(([, ms]) => ms >= r.ms / 2);
  return (half.at(-1) ?? top[0])?.[0] ?? (r.gcMs >= r.ms / 2 ? '(garbage collection)' : '(outside the project)');
};
const groups = new Map<string, { n: number; longest: number; total: number }>();
for (const r of runs) {
  const key = what(r);
  const g = groups.get(key) ?? { n: 0, longest: 0, total: 0 };
  groups.set(key, { n: g.n + 1, longest: Math.max(g.longest, r.ms), total: g.total + r.ms });
}
for (const [key, g] of [...groups.entries()].sort((a, b) => b[1].longest - a[1].longest).slice(0, 20))
  console.log(`  ${g.longest.toFixed(0).padStart(5)} ms longest, ${String(g.n).padStart(3)} runs  ${key}`);
const gc = runs.reduce((sum, r) => Math.max(sum, r.gcMs), 0);
console.log(`  longest garbage collection inside a run: ${gc.toFixed(0)} ms`);
