import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SearchResult } from '@junction/domain';
import { PoolFullError, WorkerPool } from '../../../../lib/worker-pool';
import { SupplierError } from '../supplier';
import type { DoorToDoorRunner } from './door-to-door-supplier';
import type { PlanPayload } from './planner.worker';

export type PlannerPoolOptions = {
  /** Worker threads at most (each holds its own timetables); the cores by default. */
  workers: number;
  /** Searches waiting for a worker at most; one more is told at once that the planner is busy. */
  maxQueue: number;
};

export const defaultPlannerPool = (): PlannerPoolOptions => ({ workers: availableParallelism(), maxQueue: 16 });

/** Compiled (`npm start`), the worker is JavaScript beside the server's; from sources, TypeScript run by tsx. */
const compiled = import.meta.url.endsWith('.js');
const spawn = () =>
  compiled
    ? new Worker(new URL('./planner.worker.js', import.meta.url))
    : new Worker(new URL('./planner.worker.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });

let shared: { key: string; pool: WorkerPool<PlanPayload, SearchResult[]> } | undefined;

/** The process's pool of planner workers (one pool whatever the number of apps built in it). */
export function plannerPool(options: PlannerPoolOptions): WorkerPool<PlanPayload, SearchResult[]> {
  const key = `${options.workers}/${options.maxQueue}`;
  if (shared?.key !== key) {
    void shared?.pool.close();
    shared = { key, pool: new WorkerPool({ spawn, size: options.workers, maxQueue: options.maxQueue }) };
  }
  return shared.pool;
}

/**
 * Door-to-door planning in a pool of worker threads: the planner's seconds of CPU on a new date never
 * hold up the requests the main thread answers, searches on the same date go to the worker that has its
 * timetable, and a search that waits longer than its time limit leaves the queue.
 */
export const poolDoorToDoor =
  (options: PlannerPoolOptions): DoorToDoorRunner =>
  async (request, supplier, signal) => {
    try {
      return await plannerPool(options).run({ request, supplier }, request.trips[0]?.date ?? '', signal);
    } catch (e) {
      if (e instanceof PoolFullError) throw new SupplierError(supplier.id, 'the planner is busy');
      throw e;
    }
  };
