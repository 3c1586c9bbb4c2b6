import type { PlaylistItem } from './playlist-storage';

/**
 * The playlist runner's live position (engine/playlist-runner.ts writes it through the store), and
 * where it goes when the playing playlist is edited under it (here or in another tab).
 */
/** The playing playlist. `endsAt` is the item's deadline (Date.now ms) while its clock runs, else null. */
export interface ActivePlaylist {
  playlistId: string;
  /**
   * The playing item's position; when `removed`, the position of the item that follows it (the
   * playing item was edited out of the playlist while it played: nothing is highlighted, and the
   * next item is this one).
   */
  index: number;
  /** The catalogue index of the sound the item plays, so edits can find it again. */
  sound?: number;
  removed?: boolean;
  /** Why the item is not playing normally: 'missing' (skips after 1 s) or 'failed' (skips after 2 s). */
  problem: 'missing' | 'failed' | null;
  endsAt: number | null;
  /** Item time left when its clock is stopped (paused, loading). */
  remainingMs: number;
}

/**
 * Where the playing position goes when the playing playlist changes under it: onto its sound if
 * that is still in the list, else (the playing item was removed) onto the item that followed it.
 */
export function followPlayingItem(active: ActivePlaylist, before: readonly PlaylistItem[], after: readonly PlaylistItem[]): void {
  const sound = active.sound ?? (active.removed ? undefined : before[active.index]?.index);
  const found = sound === undefined ? -1 : after.findIndex((item) => item.index === sound);
  if (found !== -1) {
    active.index = found;
    active.removed = false;
    return;
  }
  if (after.length === 0) return;
  // The first item after the playing one (in the old order) that is still there comes next.
  const start = active.removed ? active.index : active.index + 1;
  const stillThere = new Map(after.map((item, at) => [item.index, at]));
  for (let step = 0; step < before.length; step++) {
    const next = before[(start + step) % before.length];
    const at = next === undefined ? undefined : stillThere.get(next.index);
    if (at !== undefined) {
      active.index = at;
      active.removed = true;
      return;
    }
  }
  active.index = 0;
  active.removed = true;
}

export const sameItems = (a: readonly PlaylistItem[], b: readonly PlaylistItem[]): boolean =>
  a.length === b.length && a.every((item, at) => item.index === b[at]?.index && item.duration === b[at]?.duration);
