import { soundscapes, type Soundscape } from '../catalogue/catalogue';
import { strings } from '../lib/strings';
import { offlineStore, showStatus, type OfflineState } from './offline-store';

/**
 * The player's rules that need no player state beyond the host: which sounds this host plays and
 * from which file, the catalogue walk of previous and next, and what the status line says when
 * nothing else can play. The player's transitions: player-store.ts.
 */
interface Host {
  /** On the reversed host every way of starting a sound plays its reversed file. */
  readonly reversed: boolean;
}

/** The sounds this host can play: on the reversed host only those with a reversed file. */
export function soundsForHost(store: Host): readonly Soundscape[] {
  return store.reversed ? soundscapes.filter((sound) => !!sound.reversedURL) : soundscapes;
}

/** The file to play for a sound on this host. */
export function fileForHost(sound: Soundscape, store: Host): string {
  return store.reversed && sound.reversedURL ? sound.reversedURL : sound.url;
}

/** The first index after `current` in `list` (catalogue order, wrapping at both ends) that `accept` takes. */
export function neighbour(list: readonly number[], current: number, direction: 1 | -1, accept: (index: number) => boolean): number | undefined {
  const n = list.length;
  const found = list.indexOf(current);
  const at = found !== -1 ? found : direction === 1 ? -1 : n;
  for (let k = 1; k <= n; k++) {
    const candidate = list[(((at + k * direction) % n) + n) % n] as number;
    if (candidate !== current && accept(candidate)) return candidate;
  }
  return undefined;
}

/** Nothing else can play: say why on the status line (the current track is left as it is). */
export function showNothingElseToPlay(lofi: boolean, offline: OfflineState = offlineStore): void {
  showStatus(strings.nothingElseToPlay(lofi, offline.online), 'warning', offline);
}

/** A playlist stopped after a round in which none of its items could play: say why. */
export function showPlaylistNothingPlayable(offline: OfflineState = offlineStore): void {
  showStatus(strings.playlistNothingPlayable(offline.online), 'warning', offline);
}
