/** The windowed decoder's code (loop-windows.ts), loaded once with a loop's first read; a failed load is tried again next time. */
export type LoopWindows = typeof import('./loop-windows');

/** The decoder's chunk did not arrive (offline before the service worker cached it): the element loops, nothing is broken. */
export class LoopWindowsUnavailable extends Error {
  override name = 'LoopWindowsUnavailable';
}

let loading: Promise<LoopWindows> | undefined;

export function loadLoopWindows(): Promise<LoopWindows> {
  loading ??= import('./loop-windows').catch((error: unknown) => {
    loading = undefined;
    throw new LoopWindowsUnavailable(String(error));
  });
  return loading;
}
