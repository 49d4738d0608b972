import { Worker } from 'node:worker_threads';
import type { SearchResult } from '@junction/domain';
import type { PlanAnswer, PlanMessage } from './door-to-door.worker';
import type { DoorToDoorRunner } from './door-to-door-supplier';

type Pending = { resolve: (r: SearchResult[]) => void; reject: (e: Error) => void };

let shared: { worker: Worker; pending: Map<number, Pending>; next: number } | undefined;

function start() {
  const worker = new Worker(new URL('./door-to-door.worker.ts', import.meta.url), {
    // The worker runs TypeScript sources like the server does.
    execArgv: ['--import', 'tsx'],
  });
  const state = { worker, pending: new Map<number, Pending>(), next: 1 };
  worker.unref();
  worker.on('message', (m: PlanAnswer) => {
    const p = state.pending.get(m.id);
    if (!p) return;
    state.pending.delete(m.id);
    if (m.error) p.reject(new Error(m.error));
    else p.resolve(m.results ?? []);
  });
  const fail = (e: Error) => {
    for (const p of state.pending.values()) p.reject(e);
    state.pending.clear();
    if (shared === state) shared = undefined;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`door-to-door worker exited with ${code}`)));
  return state;
}

/**
 * Door-to-door planning in a worker thread shared by the process: the planner's seconds of CPU on a new
 * date never hold up the requests the main thread answers. A crashed worker is replaced on next use.
 */
export const workerDoorToDoor: DoorToDoorRunner = (request, supplier) => {
  shared ??= start();
  const state = shared;
  const id = state.next++;
  return new Promise<SearchResult[]>((resolve, reject) => {
    state.pending.set(id, { resolve, reject });
    state.worker.postMessage({ id, request, supplier } satisfies PlanMessage);
  });
};

/** Starts the worker ahead of the first search, so its timetables are read while the server starts. */
export function warmDoorToDoorWorker(): void {
  shared ??= start();
}
