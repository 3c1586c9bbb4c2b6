import type { ActivePlaylist } from '../stores/playlist-position';

/**
 * The playlist item clock's arithmetic (playlist-runner.ts runs it): minutes to ms, timers that
 * cannot overflow, wrapping positions, and where a playlist is when its timer woke late.
 */
export const minutesToMs = (minutes: number): number => minutes * 60_000;

/** setTimeout's longest delay (2^31 - 1 ms); a longer one fires at once, so longer waits sleep again. */
const MAX_TIMER_MS = 2_147_483_647;
export const sleepUntil = (callback: () => void, ms: number): ReturnType<typeof setTimeout> =>
  setTimeout(callback, Math.min(MAX_TIMER_MS, Math.max(0, ms)));

export const wrap = (index: number, length: number): number => ((index % length) + length) % length;

/**
 * The item after the playing one. When the playing item was edited out, `index` already names
 * the item that followed it, so that one is next (not the one after it).
 */
export const nextIndex = (active: ActivePlaylist, length: number): number => wrap(active.removed ? active.index : active.index + 1, length);

/**
 * `late` ms after the playing item's deadline (a throttled tab, a sleeping laptop): the item that
 * should be playing now and how far into it. `itemMs` is an item's length (0 for one that is skipped).
 */
export function catchUp(active: ActivePlaylist, length: number, late: number, itemMs: (index: number) => number): { index: number; carry: number } {
  let cycle = 0;
  for (let at = 0; at < length; at++) cycle += itemMs(at);
  let carry = cycle > 0 ? late % cycle : 0;
  let index = nextIndex(active, length);
  for (let guard = 0; guard < length && carry > 0; guard++) {
    const ms = itemMs(index);
    if (ms === 0 || carry >= ms) {
      carry -= ms;
      index = wrap(index + 1, length);
    } else break;
  }
  return { index, carry };
}
