// Run as a script with `--max-semi-space-size` (`memory.test.ts`): prints the young generation, MB, of
// the main thread and of two worker threads given a small limit, one started before `workerHeapLimits`
// and one after, each once it has allocated enough for its young generation to grow to its bound.
import v8 from 'node:v8';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { workerHeapLimits } from './memory';

const youngMb = () =>
  (v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 1048576;

function churn(): void {
  let kept: { n: number; list: number[] }[] = [];
  for (let i = 0; i < 3_000_000; i++) {
    kept.push({ n: i, list: [i] });
    if (kept.length > 200_000) kept = [];
  }
}

const workerYoung = (resourceLimits: { maxYoungGenerationSizeMb: number }) =>
  new Promise<number>((resolve, reject) => {
    const w = new Worker(
      `const v8 = require('node:v8'); const { parentPort } = require('node:worker_threads');
       let kept = []; for (let i = 0; i < 3e6; i++) { kept.push({ n: i, list: [i] }); if (kept.length > 2e5) kept = []; }
       parentPort.postMessage(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576);`,
      { eval: true, resourceLimits },
    );
    w.once('message', (mb: number) => {
      resolve(mb);
      void w.terminate();
    });
    w.once('error', reject);
  });

if (isMainThread && !parentPort) {
  churn();
  const before = await workerYoung({ maxYoungGenerationSizeMb: 6 });
  const after = await workerYoung(workerHeapLimits(6));
  churn();
  console.log(JSON.stringify({ main: youngMb(), before, after }));
}
