import { useEffect } from 'react';
import { toggleOwnTrack } from '../../engine/own-sound/own-track';
import { ownTrack } from '../../stores/own-track';
import { playerStore, togglePlayback } from '../../stores/player-store';

/** Controls where Space already means something (typing, pressing, choosing, scrolling a list). */
const SPACE_OWNERS = [
  'input',
  'textarea',
  'select',
  'button',
  'a[href]',
  'summary',
  'audio',
  'video',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="radio"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="tab"]',
  '[role="slider"]',
  '[role="spinbutton"]',
  '[role="combobox"]',
  '[role="textbox"]',
  '[role="listbox"]',
].join(',');

export function spaceBelongsToTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(SPACE_OWNERS) !== null;
}

/** Space toggles play/pause anywhere Space has no other meaning. */
export function useSpaceShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const own = ownTrack.id !== null;
      if ((!own && playerStore.status === 'idle') || spaceBelongsToTarget(event.target)) return;
      // Keep a modal dialog's Space to itself.
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      event.preventDefault();
      if (own) toggleOwnTrack();
      else togglePlayback();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
