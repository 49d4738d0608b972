import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection now. Reading the timetables leaves hundreds of megabytes of garbage behind
 * (unzipped files, their text, intermediate rows); collecting it once loading is done lets the heap
 * shrink to what is kept, instead of holding on to its peak. Uses `gc` when Node was started with
 * `--expose-gc`, else turns it on for this thread (the way Node's documentation shows).
 */
export function settleHeap(): void {
  if (!collect) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) collect = exposed;
    else {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    }
  }
  collect();
}

let youngByThread = false;

/**
 * The resource limits of a worker thread whose young generation is `youngMb` megabytes, whatever the
 * process's `--max-semi-space-size`. That flag (`runtime.json`) sizes the main thread's young generation,
 * and V8 applies it to every thread it starts after, over the thread's own limits: a planner thread, which
 * allocates little, would keep two halves of 16 MB. The flag is read when a thread's heap is made, so
 * clearing it once the main thread's heap is made leaves the main thread as it is and lets each worker
 * started afterwards follow the limits it is given.
 */
export function workerHeapLimits(youngMb: number): { maxYoungGenerationSizeMb: number } {
  if (!youngByThread) {
    v8.setFlagsFromString('--max-semi-space-size=0');
    youngByThread = true;
  }
  return { maxYoungGenerationSizeMb: youngMb };
}
