import { subscribe } from 'valtio/vanilla';
import { mediaSlug } from '../catalogue/entries';
import { soundscapes } from '../catalogue/catalogue';
import { reportError } from '../lib/error-reporting';
import { hasOwn, isRecord, readJson, STORAGE_KEYS, writeJson, type WriteResult } from '../lib/storage';
import { MAX_LAYERS, type MixLayer } from './mix-layers';
import { MIX_PERSIST_DELAY_MS, type MixState } from './mix-store';
import type { NoiseState } from './noise-store';
import { isOwnLayer, ownLayerSound } from './own-layers';
import type { OwnTrackState } from './own-track';
import type { PlayerState } from './player-store';
import type { SleepTimerState } from './sleep-timer-store';

/**
 * What played last on this device (issue 40, "the morning after"), under localStorage 'lastMix'
 * (a JSON object), so a page the system killed in the night can be continued with one tap:
 *   { sound: string | null, layers: { sound, level }[], alive: boolean, seed: number, volume: number,
 *     timer: { endsAt: number, fadeMinutes: number } | null }
 * `sound` is the track's catalogue slug or a listener's own sound, `own:<id>` (null: a noise alone, as its one
 * layer), the layers and seed as in a saved mix, `volume` the master volume 0..1, `timer` a running sleep timer's
 * deadline (Date.now ms) and its long fade. The value is written whole by the tab that plays (last writer wins,
 * nothing is merged), so two tabs never leave half of each other's. An unreadable value is kept aside under
 * 'lastMix.corrupt' (lib/storage) and nothing is offered.
 */
export interface LastMix {
  sound: string | null;
  layers: MixLayer[];
  alive: boolean;
  seed: number;
  volume: number;
  timer: { endsAt: number; fadeMinutes: number } | null;
}

const SLUG = /^[a-z0-9-]{1,40}$/;
const FIELDS = ['sound', 'layers', 'alive', 'seed', 'volume', 'timer'];
const TIMER_FIELDS = ['endsAt', 'fadeMinutes'];
const hasExactly = (value: Record<string, unknown>, fields: readonly string[]) =>
  Object.keys(value).length === fields.length && fields.every((field) => hasOwn(value, field));
const isLevel = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
const isSeed = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff;
/** A layer as a saved mix stores one (saved-mix-storage.ts), checked here so this lazy module carries no other. */
const readLayer = (value: unknown): MixLayer | undefined =>
  isRecord(value) && hasExactly(value, ['sound', 'level']) && typeof value.sound === 'string' && (SLUG.test(value.sound) || isOwnLayer(value.sound)) && isLevel(value.level) ? { sound: value.sound, level: value.level } : undefined;

function parseTimer(value: unknown): LastMix['timer'] | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !hasExactly(value, TIMER_FIELDS)) return undefined;
  const { endsAt, fadeMinutes } = value;
  if (typeof endsAt !== 'number' || !Number.isSafeInteger(endsAt) || endsAt <= 0) return undefined;
  if (typeof fadeMinutes !== 'number' || !Number.isFinite(fadeMinutes) || fadeMinutes < 0) return undefined;
  return { endsAt, fadeMinutes };
}

/** The stored value, or undefined when any part of it is not exactly what Lull writes (then it is kept aside whole). */
export function parseLastMix(value: unknown): LastMix | undefined {
  if (!isRecord(value) || !hasExactly(value, FIELDS)) return undefined;
  const { sound, layers, alive, seed, volume } = value;
  if (!(sound === null || (typeof sound === 'string' && (SLUG.test(sound) || isOwnLayer(sound))))) return undefined;
  if (!Array.isArray(layers) || layers.length > MAX_LAYERS || (sound === null && layers.length !== 1)) return undefined;
  const parsed: MixLayer[] = [];
  for (const raw of layers as unknown[]) {
    const layer = readLayer(raw);
    if (!layer || parsed.some((each) => each.sound === layer.sound)) return undefined;
    parsed.push(layer);
  }
  const timer = parseTimer(value.timer);
  if (typeof alive !== 'boolean' || !isSeed(seed) || !isLevel(volume) || timer === undefined) return undefined;
  return { sound, layers: parsed, alive, seed, volume, timer };
}

/** The last mix, or undefined when none is stored or it cannot be read (kept aside). */
export const readLastMix = (): LastMix | undefined => readJson<LastMix | undefined>(STORAGE_KEYS.lastMix, parseLastMix, undefined);

/** The stored shape, field by field. */
export const writeLastMix = (mix: LastMix): WriteResult =>
  writeJson(STORAGE_KEYS.lastMix, {
    sound: mix.sound,
    layers: mix.layers.map((layer) => ({ sound: layer.sound, level: layer.level })),
    alive: mix.alive,
    seed: mix.seed,
    volume: mix.volume,
    timer: mix.timer && { endsAt: mix.timer.endsAt, fadeMinutes: mix.timer.fadeMinutes },
  });

/**
 * Keeps what plays on this device as the last mix (above) while it plays:
 * it follows the player, the mix, the noise and the sleep timer with `subscribe`, writes a little
 * after the last change (as the master volume is: a slider dragged writes once), and at once when
 * the page is hidden or closed.
 * Started by the player dock (app/layout/player-dock.tsx), which loads once something first plays
 * and stays; this module loads with it, or with Home's offer, never with the first load.
 */
export interface LastMixSources {
  player: PlayerState;
  own: OwnTrackState;
  mix: MixState;
  noise: NoiseState;
  timer: SleepTimerState;
}

/** What plays now, as the last mix: the current track (a catalogue one or an own sound) with its layers, or a noise alone; undefined when nothing plays. */
export function playingMix({ player, own, mix, noise, timer }: LastMixSources): LastMix | undefined {
  const running = timer.status !== 'idle' && timer.endsAt !== null;
  const rest = { alive: mix.alive, seed: mix.seed, volume: mix.masterVolume, timer: running ? { endsAt: timer.endsAt!, fadeMinutes: timer.fadeMinutes } : null };
  if (own.id !== null && own.playing) return { sound: ownLayerSound(own.id), layers: mix.layers.map((layer) => ({ ...layer })), ...rest };
  const track = player.currentIndex === null ? undefined : soundscapes[player.currentIndex];
  if (track && player.status === 'playing') return { sound: mediaSlug(track.name), layers: mix.layers.map((layer) => ({ ...layer })), ...rest };
  if (noise.colour !== null && noise.status === 'playing') return { sound: null, layers: [{ sound: noise.colour, level: mix.bedLevels[noise.colour] }], ...rest };
  return undefined;
}

/**
 * Starts keeping the last mix of the app's stores (handed in by the app: see app-layout.tsx).
 * Returns a function that writes what is pending and stops.
 */
export function keepLastMix(sources: LastMixSources, delayMs: number = MIX_PERSIST_DELAY_MS): () => void {
  // Read before the first write: a value that cannot be read is kept aside (lib/storage), never written over unseen.
  readLastMix();
  let written = '';
  let last: LastMix | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    let next = playingMix(sources);
    // Nothing plays: what this tab wrote stays, but a timer stopped since is no longer a deadline to restore.
    if (!next && last?.timer && sources.timer.status === 'idle') next = { ...last, timer: null };
    if (!next) return;
    const text = JSON.stringify(next);
    if (text === written) return;
    const result = writeLastMix(next);
    if (!result.ok) return reportError(result.error, 'Could not keep the last mix on this device:');
    written = text;
    last = next;
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  };
  const stops = [sources.player, sources.own, sources.mix, sources.noise, sources.timer].map((store) => subscribe(store, schedule));
  // A locked phone hides the page first: that may be the last moment before the system kills it.
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHide);
  flush();
  return () => {
    flush();
    for (const stop of stops) stop();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHide);
  };
}
