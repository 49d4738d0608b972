/**
 * An object read on its first use rather than when it is handed out: every property read goes to
 * `load()`'s answer, made once (methods bound to it). For data that takes seconds to read and that a
 * process may never need (the gazetteer of a process that never looks up a place).
 */
export function lazyObject<T extends object>(load: () => T): T {
  let value: T | undefined;
  const target = () => {
    value ??= load();
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const object = target();
      const property = Reflect.get(object, key, object) as unknown;
      return typeof property === 'function' ? property.bind(object) : property;
    },
    has: (_, key) => Reflect.has(target(), key),
  });
}

/** A value computed on its first `await` rather than at once; every later `await` shares that computation. */
export function lazyPromise<T>(load: () => Promise<T>): PromiseLike<T> {
  let promise: Promise<T> | undefined;
  return {
    // biome-ignore lint/suspicious/noThenProperty: awaited as a promise is
    then(onFulfilled, onRejected) {
      promise ??= load();
      return promise.then(onFulfilled, onRejected);
    },
  };
}
