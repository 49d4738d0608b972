import { Worker } from 'node:worker_threads';
import { AppError, type Language } from '@junction/domain';
import { workerHeapLimits } from '../../../lib/memory';
import { SharedComputations } from '../../../lib/shared-computations';
import { PoolFullError, WorkerPool } from '../../../lib/worker-pool';
import type { PdfJob } from './itinerary-pdf.worker';
import type { ItineraryView } from './itinerary-view';

export type PdfPoolOptions = {
  /** Worker threads drawing PDFs at most. */
  workers: number;
  /** PDFs waiting for a worker at most; one more is answered 419 busy at once. */
  maxQueue: number;
};

/** Seconds a client turned away is asked to wait before asking again. */
const RETRY_AFTER_SECONDS = 2;

/** Compiled (`npm start`), the worker is JavaScript beside the server's; from sources, TypeScript run by tsx. */
const compiled = import.meta.url.endsWith('.js');
/** A PDF thread's young generation, megabytes: a drawing's objects live for the drawing alone. */
const PDF_YOUNG_MB = 16;
const spawn = () => {
  const resourceLimits = workerHeapLimits(PDF_YOUNG_MB);
  return compiled
    ? new Worker(new URL('./itinerary-pdf.worker.js', import.meta.url), { resourceLimits })
    : new Worker(new URL('./itinerary-pdf.worker.ts', import.meta.url), {
        execArgv: ['--import', 'tsx'],
        resourceLimits,
      });
};

/**
 * Draws itinerary PDFs on worker threads (one of a one-flight order costs 50–150 ms of CPU, which on the
 * main thread held up every other request): at most `workers` at once, at most `maxQueue` waiting, and
 * past that 419 busy.
 * Askers of the same PDF (its `key`) at once share one drawing.
 */
export class PdfPool {
  private readonly pool: WorkerPool<PdfJob, Uint8Array>;
  private readonly drawing = new SharedComputations<Buffer>(0);

  constructor(options: PdfPoolOptions) {
    this.pool = new WorkerPool({ spawn, size: options.workers, maxQueue: options.maxQueue });
  }

  /** The PDF of a view in a language, drawn off the main thread; 419 busy when the queue is full. */
  async draw(key: string, view: ItineraryView, language: Language, now: Date): Promise<Buffer> {
    try {
      return await this.drawing.get(key, new AbortController().signal, async (signal) =>
        Buffer.from(await this.pool.run({ view, language, now }, key, signal)),
      );
    } catch (e) {
      if (e instanceof PoolFullError)
        throw new AppError('SYSTEM_BUSY', { params: { retryAfter: RETRY_AFTER_SECONDS } });
      throw e;
    }
  }

  /** PDFs being drawn and waiting: for tests and health figures. */
  stats(): { workers: number; running: number; waiting: number } {
    return this.pool.stats();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
