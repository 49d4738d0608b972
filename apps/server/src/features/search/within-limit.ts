/** A supplier's answer, or the signal's reason once it aborts first: a supplier cannot outstay its limit. */
export function withinLimit<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  // An answer that comes too late is dropped, its failure too.
  answer.catch(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
