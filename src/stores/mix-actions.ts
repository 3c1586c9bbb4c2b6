import { isLayerSound, MAX_LAYERS, type MixLayer } from './mix-layers';
import { clampLevel, mixStore, setMasterVolume, type MixState } from './mix-store';
import { isNoiseColour, type NoiseColour } from './noise-store';

/**
 * The mix's layer actions (issue 23), apart from mix-store.ts so the first load does not carry them:
 * the controls that change layers are all loaded later (mix panel, noise pages, mix links).
 */

/** A soundscape added as a layer starts here, below the track it plays under. */
export const DEFAULT_LAYER_LEVEL = 0.5;
/** A mix as saved or shared: the track (a catalogue slug, a listener's own sound `own:<id>`, or null) and what plays under it. */
export interface Mix {
  sound: string | null;
  /** An own sound's name as the saved mix last knew it (issue 41): said when the device no longer holds it. */
  soundName?: string;
  /** A link's track was the sender's own sound (issue 41): not here, so a layer takes its place. */
  senderOwnTrack?: boolean;
  layers: readonly MixLayer[];
  volume?: number;
  alive?: boolean;
  seed?: number;
}

/** A fresh drift seed (not for the audio thread: the kernels take it as a number). */
export const newMixSeed = (): number => Math.floor(Math.random() * 0x1_0000_0000) >>> 0;

/**
 * Adds `sound` (a soundscape slug or a noise colour) under the current track. False, and nothing
 * changes, when it is not a layer sound, already in the mix, or the mix is full. A noise comes
 * back at its last level; a new mix (no layers yet) gets a fresh seed.
 */
export function addLayer(sound: string, level?: number, store: MixState = mixStore): boolean {
  if (!isLayerSound(sound) || store.layers.length >= MAX_LAYERS || store.layers.some((layer) => layer.sound === sound)) return false;
  const remembered = isNoiseColour(sound) ? store.bedLevels[sound] : DEFAULT_LAYER_LEVEL;
  if (store.layers.length === 0) store.seed = newMixSeed();
  store.layers.push({ sound, level: clampLevel(level) ?? remembered });
  return true;
}

export function removeLayer(sound: string, store: MixState = mixStore): void {
  const index = store.layers.findIndex((layer) => layer.sound === sound);
  if (index >= 0) store.layers.splice(index, 1);
}

export function setLayerLevel(sound: string, level: number, store: MixState = mixStore): void {
  const clamped = clampLevel(level);
  const layer = store.layers.find((each) => each.sound === sound);
  if (clamped === undefined || !layer) return;
  layer.level = clamped;
  if (isNoiseColour(sound)) store.bedLevels[sound] = clamped;
}

export function setMixAlive(alive: boolean, store: MixState = mixStore): void {
  store.alive = alive;
}

/** Adds the layer, or removes it when it is already in the mix (a toggle button). */
export function toggleLayer(sound: string, store: MixState = mixStore): void {
  if (store.layers.some((layer) => layer.sound === sound)) removeLayer(sound, store);
  else addLayer(sound, undefined, store);
}

/**
 * A saved or shared mix, applied in one go (levels before the sound starts). Only the layers and
 * levels: the caller plays `mix.sound` (stores never drive the player). Unknown, repeated or
 * surplus layers are dropped; returns the layers it could not use, so the caller can say so.
 */
export function applyMix(mix: Mix, store: MixState = mixStore): MixLayer[] {
  if (mix.volume !== undefined) setMasterVolume(mix.volume, store);
  const layers: MixLayer[] = [];
  const unused: MixLayer[] = [];
  for (const layer of mix.layers) {
    const level = clampLevel(layer.level);
    const fits = isLayerSound(layer.sound) && level !== undefined && layers.length < MAX_LAYERS && !layers.some((each) => each.sound === layer.sound);
    if (fits) layers.push({ sound: layer.sound, level });
    else unused.push({ ...layer });
  }
  for (const layer of layers) if (isNoiseColour(layer.sound)) store.bedLevels[layer.sound] = layer.level;
  store.layers = layers;
  store.alive = mix.alive ?? true;
  store.seed = mix.seed !== undefined && Number.isInteger(mix.seed) && mix.seed >= 0 && mix.seed <= 0xffff_ffff ? mix.seed : newMixSeed();
  return unused;
}

/** A noise colour's remembered level (and its layer's, when it plays). */
export function setBedLevel(colour: NoiseColour, level: number, store: MixState = mixStore): void {
  const clamped = clampLevel(level);
  if (clamped === undefined) return;
  store.bedLevels[colour] = clamped;
  const layer = store.layers.find((each) => each.sound === colour);
  if (layer) layer.level = clamped;
}
