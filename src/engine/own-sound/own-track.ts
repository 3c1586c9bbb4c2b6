/**
 * A listener's own sound as the track (issue 41), played by id from wherever the listener starts it: its row under
 * Your sounds, the player bar, Space, the lock screen, a saved mix or Continue. The sound is read from the device
 * (lib/own-sounds-db.ts, loaded with the first one) while the context resumes inside the tap; stores/own-track.ts
 * says what plays, and the lock screen shows the sound's name with the layers under it and a cover drawn from its
 * spectrum (own-sound-cover.ts).
 */
import { subscribe } from 'valtio/vanilla';
import { reportError } from '../../lib/error-reporting';
import { ownSoundEmoji, ownSoundStrings } from '../../lib/own-sound-strings';
import { strings } from '../../lib/strings';
import { audioFocus } from '../../stores/audio-focus-store';
import { ownSoundNames } from '../../stores/own-layers';
import { ownTrack } from '../../stores/own-track';
import type { OwnSoundReader } from '../../lib/own-sounds-db';
import { drawOwnSoundCover } from './own-sound-cover';
import { playOwnSound, stopOwnSound, type OwnSoundStop } from './own-sound-player';

/** Where the page cannot draw a cover: the app's icon, as a noise has. */
const FALLBACK_ARTWORK = '/icons/icon-512.png';

/** What the caller already knows of the sound (its row does; a saved mix knows the name it had). */
export interface OwnTrackHint {
  readonly name?: string;
  readonly emoji?: string;
}

/** The stored sound with a reader of its chunks; rejects when this device no longer holds it. */
async function readOwnSound(id: string): Promise<OwnSoundReader> {
  const { openOwnSoundReader } = await import('../../lib/own-sounds-db');
  const sound = await openOwnSoundReader(id);
  if (!sound) throw new Error(`no own sound ${id} on this device`);
  return sound;
}

/** Plays the sound `id` as the track from a new walk, with the layers of the mix under it. Call inside the tap. */
export function playOwnTrack(id: string, hint: OwnTrackHint = {}): void {
  const name = ownSoundNames.byId[id] ?? hint.name ?? strings.ownLayerUnknown;
  Object.assign(ownTrack, { id, name, emoji: ownSoundEmoji(hint.emoji), playing: true, stoppedReason: null });
  const source = readOwnSound(id).then((sound) => {
    // The stored name and emoji are the truth (renamed in another tab, or a saved mix's older name).
    if (ownTrack.id === id) Object.assign(ownTrack, { name: sound.name, emoji: ownSoundEmoji(sound.emoji) });
    return sound;
  });
  const onStopped = (stop: OwnSoundStop) => {
    if (ownTrack.id !== id) return;
    // Replaced, it leaves the bar; paused (by the listener, the lock screen, the sleep timer), taken by the system or
    // failed, it stays there, paused, with the reason the last two have.
    if (stop.reason === 'replaced') ownTrack.id = null;
    ownTrack.playing = false;
    if (stop.reason === 'interrupted') ownTrack.stoppedReason = strings.pausedBySystem;
    if (stop.reason === 'failed') {
      reportError(stop.error, 'Lull: your sound could not play:');
      ownTrack.stoppedReason = ownSoundStrings.playFailed(ownTrack.name);
    }
  };
  playOwnSound(source, onStopped, {
    title: name,
    artwork: (sound) => drawOwnSoundCover(sound) ?? FALLBACK_ARTWORK,
    // The lock screen's Play after its Pause: as the bar's Play.
    resume: () => playOwnTrack(id),
  });
}

/** The bar's Play/Pause and Space while an own sound is the track. Call inside the tap. */
export function toggleOwnTrack(): void {
  if (ownTrack.id === null) return;
  if (ownTrack.playing) stopOwnSound();
  else playOwnTrack(ownTrack.id);
}

/** A sound deleted (here or in another tab): it stops, and leaves the bar. */
export function forgetOwnTrack(id: string): void {
  if (ownTrack.id !== id) return;
  stopOwnSound();
  Object.assign(ownTrack, { id: null, playing: false, stoppedReason: null });
}

/** Renamed or given an emoji: the bar follows. */
export function renameOwnTrack(id: string, change: OwnTrackHint): void {
  if (ownTrack.id !== id) return;
  if (change.name !== undefined) ownTrack.name = change.name;
  if (change.emoji !== undefined) ownTrack.emoji = ownSoundEmoji(change.emoji);
}

// Paused in the bar, it gives its place to a catalogue track or a noise on its own that takes the speakers (playing,
// the player replaces it: onStopped above).
subscribe(audioFocus, () => {
  if (ownTrack.id !== null && !ownTrack.playing && (audioFocus.owner === 'player' || audioFocus.owner === 'noise')) Object.assign(ownTrack, { id: null, stoppedReason: null });
});
