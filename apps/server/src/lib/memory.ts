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
