import { isRecord, readJson, STORAGE_KEYS, writeJson, type WriteResult } from '../lib/storage';
import { MAX_LAYERS, type MixLayer } from './mix-layers';
import { isSeed, readLayer } from './saved-mix-storage';

/**
 * What played last on this device (issue 40, "the morning after"), under localStorage 'lastMix'
 * (a JSON object), so a page the system killed in the night can be continued with one tap:
 *   { sound: string | null, layers: { sound, level }[], alive: boolean, seed: number, volume: number,
 *     timer: { endsAt: number, fadeMinutes: number } | null }
 * `sound` is the track's catalogue slug (null: a noise alone, as its one layer), the layers and
 * seed as in a saved mix, `volume` the master volume 0..1, `timer` a running sleep timer's deadline
 * (Date.now ms) and its long fade. The value is written whole by the tab that plays (last writer
 * wins, nothing is merged), so two tabs never leave half of each other's. An unreadable value is
 * kept aside under 'lastMix.corrupt' (lib/storage) and nothing is offered.
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
  Object.keys(value).length === fields.length && fields.every((field) => Object.prototype.hasOwnProperty.call(value, field));
const isLevel = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

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
  if (!(sound === null || (typeof sound === 'string' && SLUG.test(sound)))) return undefined;
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
