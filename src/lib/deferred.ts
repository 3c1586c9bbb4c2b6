/** A promise settled from outside (a result another part of the app waits for, or gives up on). */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Nobody may be waiting: a rejection nobody asked for is not an unhandled one.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
