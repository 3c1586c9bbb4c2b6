import { mediaSlug } from '../../catalogue/entries';
import { playNoise } from '../../engine/noise/noise-engine';
import { playOwnTrack } from '../../engine/own-sound/own-track';
import { layerSoundIndex, type MixLayer } from '../../stores/mix-layers';
import { setMasterVolume } from '../../stores/mix-store';
import { applyMix, setBedLevel, type Mix } from '../../stores/mix-actions';
import { isNoiseColour, type NoiseColour } from '../../stores/noise-store';
import { isSoundAvailable, offlineStore } from '../../stores/offline-store';
import { mayHoldOwnSound, ownLayerId } from '../../stores/own-layers';
import { playableSoundscapes, playerStore, playSound, resumePlayback } from '../../stores/player-store';

/**
 * What of a mix (shared by link, saved, or a surprise) can play here and now. Offline only the
 * sounds saved on this device can; the others are listed, never silently dropped.
 */
export interface MixPlan {
  /** The track's catalogue index, when it can play. */
  trackIndex?: number;
  /** The track's level, when a layer took the place of an own sound this device no longer holds. */
  trackVolume?: number;
  /** The listener's own sound as the track (issue 41): its id, when this device holds it. */
  ownTrack?: string;
  /** Layers that can play (under the track). */
  layers: MixLayer[];
  /** Without a track, a noise plays alone (as a v1 link's noise did). */
  noiseAlone?: { colour: NoiseColour; level: number };
  /** Slugs of the track and layers that cannot play here (not saved offline, or unknown on this host). */
  unavailable: string[];
  /** Layers of the listener's own sounds (`own:<id>`) this device no longer holds (issue 41). */
  notOnDevice: string[];
}

export interface MixPlaces {
  /** The catalogue index of a track slug this host plays, else undefined. */
  trackIndex(slug: string): number | undefined;
  /** The catalogue index of a soundscape layer, else undefined. */
  layerIndex(slug: string): number | undefined;
  available(index: number): boolean;
  /** Whether this device holds the listener's own sound behind an `own:<id>` layer (issue 41). */
  ownSound(id: string): boolean;
}

/** Pure: splits a mix into what plays and what does not. */
export function planMix(mix: Pick<Mix, 'sound' | 'layers' | 'senderOwnTrack'>, places: MixPlaces): MixPlan {
  const unavailable: string[] = [];
  const notOnDevice: string[] = [];
  const usable = (index: number | undefined): index is number => index !== undefined && places.available(index);
  let trackIndex: number | undefined;
  const ownTrackId = mix.sound === null ? undefined : ownLayerId(mix.sound);
  let ownTrack: string | undefined;
  if (ownTrackId !== undefined) {
    if (places.ownSound(ownTrackId)) ownTrack = ownTrackId;
    else notOnDevice.push(mix.sound!);
  } else if (mix.sound !== null) {
    const index = places.trackIndex(mix.sound);
    if (usable(index)) trackIndex = index;
    else unavailable.push(mix.sound);
  }
  const layers: MixLayer[] = [];
  for (const layer of mix.layers) {
    const ownId = ownLayerId(layer.sound);
    if (ownId !== undefined ? places.ownSound(ownId) : isNoiseColour(layer.sound) || usable(places.layerIndex(layer.sound))) layers.push({ sound: layer.sound, level: layer.level });
    else (ownId === undefined ? unavailable : notOnDevice).push(layer.sound);
  }
  if (trackIndex !== undefined) return { trackIndex, layers, unavailable, notOnDevice };
  if (ownTrack !== undefined) return { ownTrack, layers, unavailable, notOnDevice };
  if (ownTrackId !== undefined || mix.senderOwnTrack === true) {
    // The own sound that was the track is not on this device (deleted, or a link's sender's): the first soundscape
    // layer that can play takes its place, at its level, and the rest stay under it.
    for (const lead of layers) {
      const index = places.trackIndex(lead.sound);
      if (usable(index)) return { trackIndex: index, trackVolume: lead.level, layers: layers.filter((layer) => layer !== lead), unavailable, notOnDevice };
    }
  }
  // Layers play under a track: without one, a noise can still play on its own; the soundscapes cannot.
  const noise = layers.find((layer) => isNoiseColour(layer.sound));
  for (const layer of layers) if (layer !== noise && !isNoiseColour(layer.sound)) unavailable.push(layer.sound);
  return noise && isNoiseColour(noise.sound)
    ? { layers: [], noiseAlone: { colour: noise.sound, level: noise.level }, unavailable, notOnDevice }
    : { layers: [], unavailable, notOnDevice };
}

/** The places of the running app: this host's catalogue and the offline store. */
export const appPlaces = (offline: { readonly online: boolean; readonly cachedSoundIds: readonly number[] } = offlineStore): MixPlaces => ({
  trackIndex: (slug) => playableSoundscapes().find((sound) => mediaSlug(sound.name) === slug)?.index,
  layerIndex: layerSoundIndex,
  available: (index) => isSoundAvailable(offline, index),
  // On the device, so offline too.
  ownSound: mayHoldOwnSound,
});

export const canPlayPlan = (plan: MixPlan): boolean => plan.trackIndex !== undefined || plan.ownTrack !== undefined || plan.noiseAlone !== undefined;

/**
 * Plays what of `mix` can play. Runs inside the tap: browsers start sound only in a gesture.
 * The master volume changes only when the mix carries one. Returns the plan it followed.
 */
export function playMix(mix: Mix, places: MixPlaces = appPlaces()): MixPlan {
  const plan = planMix(mix, places);
  if (plan.trackIndex !== undefined) {
    // Levels first, so the sound starts at them.
    applyMix({ ...mix, layers: plan.layers });
    // playSound on the current track would toggle it: a mix asks for it to play.
    if (playerStore.currentIndex === plan.trackIndex && playerStore.status !== 'idle') resumePlayback();
    else playSound(plan.trackIndex, plan.trackVolume === undefined ? {} : { volume: plan.trackVolume });
  } else if (plan.ownTrack !== undefined) {
    applyMix({ ...mix, layers: plan.layers });
    playOwnTrack(plan.ownTrack, mix.soundName === undefined ? {} : { name: mix.soundName });
  } else if (plan.noiseAlone) {
    if (mix.volume !== undefined) setMasterVolume(mix.volume);
    setBedLevel(plan.noiseAlone.colour, plan.noiseAlone.level);
    playNoise(plan.noiseAlone.colour);
  }
  return plan;
}
