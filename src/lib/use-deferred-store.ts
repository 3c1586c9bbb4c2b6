import { useCallback, useDeferredValue, useSyncExternalStore } from 'react';
import { snapshot, subscribe, type Snapshot } from 'valtio/vanilla';

/**
 * A store's snapshot for a part of the page that may follow it a moment late: a change renders it as a transition,
 * which React renders in slices of a few milliseconds with the main thread free between them (a phone at 4× stays
 * responsive while a list's new row mounts), not in one task as useSnapshot's synchronous update does. The component
 * that calls this renders at once with the snapshot before; what it passes to memoized children changes only in the
 * background render. Not for controls whose state the listener just set (they must answer in the same frame).
 */
export function useDeferredStore<T extends object>(store: T): Snapshot<T> {
  const listen = useCallback((onChange: () => void) => subscribe(store, onChange), [store]);
  const read = useCallback(() => snapshot(store), [store]);
  return useDeferredValue(useSyncExternalStore(listen, read, read));
}
