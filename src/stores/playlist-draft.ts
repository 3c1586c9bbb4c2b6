import { constants } from '../lib/spec-constants';
import { isValidDuration, type PlaylistItem } from './playlist-storage';

/** The playlist editor's draft, pure: the editor keeps it in React state and edits it through these. */
/** A draft as the editor holds it: ids optional, durations already parsed. */
export interface PlaylistDraft {
  name: string;
  description: string;
  items: PlaylistItem[];
}

export type DraftProblem = 'name' | 'items' | 'duration' | 'duplicate';

/** Item duration from editor text: SPEC says non-numeric becomes 0 (which cannot be saved). */
export const parseDuration = (text: string): number => {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) ? 0 : n;
};

/** The first problem that stops a draft from being saved, in SPEC's order, or null. */
export function validateDraft(draft: PlaylistDraft): DraftProblem | null {
  if (draft.name.trim() === '') return 'name';
  if (draft.items.length === 0) return 'items';
  if (draft.items.some((item) => !isValidDuration(item.duration))) return 'duration';
  if (new Set(draft.items.map((item) => item.index)).size !== draft.items.length) return 'duplicate';
  return null;
}

export function addDraftItem(items: readonly PlaylistItem[], index: number): PlaylistItem[] {
  if (items.some((item) => item.index === index)) return [...items];
  return [...items, { index, duration: constants.defaultPlaylistItemMinutes }];
}

export function moveDraftItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
