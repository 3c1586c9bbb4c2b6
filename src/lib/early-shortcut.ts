/**
 * Ctrl/Cmd+B pressed before the app's own shortcut listens (the prerendered page, before
 * hydration): counted by the entry from its first run, then handed to the layout, so the press is
 * not lost (SPEC 2: the sidebar toggles with Ctrl/Cmd+B).
 */
export const isSidebarShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b';

let early = 0;
const countEarly = (event: KeyboardEvent) => {
  if (!isSidebarShortcut(event)) return;
  event.preventDefault();
  early += 1;
};

export function listenForEarlySidebarShortcut(): void {
  window.addEventListener('keydown', countEarly);
}

/** The presses so far; from now on the caller's own listener answers. */
export function takeEarlySidebarShortcuts(): number {
  window.removeEventListener('keydown', countEarly);
  const presses = early;
  early = 0;
  return presses;
}
