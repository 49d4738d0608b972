import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** A worker thread (sources run by tsx) that lowers its own priority and reports its nice value. */
const LOWERING = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const os = require('node:os');
import(workerData.module).then(({ lowerThreadPriority }) => {
  const lowered = lowerThreadPriority(workerData.nice);
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  parentPort.postMessage({ lowered, nice: os.getPriority(tid), tid });
});
`;

const inWorker = (nice: number) =>
  new Promise<{ lowered: boolean; nice: number; tid: number }>((resolve, reject) => {
    const worker = new Worker(LOWERING, {
      eval: true,
      execArgv: ['--import', 'tsx'],
      workerData: { module: new URL('./thread-priority.ts', import.meta.url).href, nice },
    });
    worker.once('message', (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });

describe.runIf(process.platform === 'linux')('thread priority', () => {
  it('lowers the calling thread alone: the planner thread yields, the thread answering requests keeps its priority', async () => {
    const before = os.getPriority(process.pid);
    const worker = await inWorker(Math.min(19, before + 7));
    expect(worker).toMatchObject({ lowered: true, nice: Math.min(19, before + 7) });
    expect(worker.tid).not.toBe(process.pid);
    expect(os.getPriority(process.pid)).toBe(before);
  });

  it('never raises a priority, which only lowering is allowed to do', async () => {
    const worker = await inWorker(0);
    expect(worker.lowered).toBe(false);
    expect(worker.nice).toBe(os.getPriority(process.pid));
  });
});
