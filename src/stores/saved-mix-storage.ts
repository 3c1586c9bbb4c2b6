import { isRecord, readRecoverable, STORAGE_KEYS, writeJson, type WriteResult } from '../lib/storage';
import { MAX_OWN_SOUND_NAME_LENGTH } from '../lib/own-sound-strings';
import { MAX_LAYERS, type MixLayer } from './mix-layers';
import { isOwnLayer, withOwnName } from './own-layers';

/**
 * How saved mixes (issue 23) are stored, under localStorage 'savedMixes' (a JSON array):
 *   { id: string, name: string, sound: string | null, soundName?: string, layers: { sound: string, level: number }[], alive: boolean, seed: number }
 * `sound` is the track's catalogue slug (null: a noise alone) or a sound of the listener's own (`own:<id>`, with its
 * name as `soundName`), each layer a soundscape slug, a
 * noise colour or a sound of the listener's own (`own:<id>`, with its `name` as it was last known: issue 41) with its level 0..1, `seed` the drift's uint32. The master volume is not part of a
 * mix: playing one never changes it. A slug this catalogue does not know is kept (a later
 * version may know it) and shown as not available. Anything that had to be dropped (an unreadable
 * mix or layer, an unknown field) keeps the whole original aside under 'savedMixes.corrupt', as
 * playlists do, so nothing is lost silently.
 */
export interface SavedMix {
  id: string;
  name: string;
  sound: string | null;
  /** The own sound's name when `sound` is one, as it was last known (issue 41). */
  soundName?: string;
  layers: MixLayer[];
  alive: boolean;
  seed: number;
}

export const MAX_MIX_NAME_LENGTH = 60;
const SLUG = /^[a-z0-9-]{1,40}$/;
const MIX_FIELDS = new Set(['id', 'name', 'sound', 'soundName', 'layers', 'alive', 'seed']);
const LAYER_FIELDS = new Set(['sound', 'level', 'name']);
const unknownFields = (value: Record<string, unknown>, known: ReadonlySet<string>) => Object.keys(value).some((key) => !known.has(key));
const isSeed = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff;

/** Only an own sound has a name of its own, as the listener gave it (shown as text, never as markup). */
const isOwnName = (sound: string, name: unknown): name is string =>
  isOwnLayer(sound) && typeof name === 'string' && name.trim() !== '' && name.length <= MAX_OWN_SOUND_NAME_LENGTH;

function readLayer(value: unknown): MixLayer | undefined {
  if (!isRecord(value) || unknownFields(value, LAYER_FIELDS)) return undefined;
  const { sound, level, name } = value;
  if (typeof sound !== 'string' || !(SLUG.test(sound) || isOwnLayer(sound))) return undefined;
  if (typeof level !== 'number' || !Number.isFinite(level) || level < 0 || level > 1) return undefined;
  if (name === undefined) return { sound, level };
  return isOwnName(sound, name) ? { sound, level, name } : undefined;
}

/** The track: a slug, an own sound with or without its name, or null. */
const isTrack = (sound: unknown, soundName: unknown): boolean =>
  sound === null ? soundName === undefined : typeof sound === 'string' && (soundName === undefined ? SLUG.test(sound) || isOwnLayer(sound) : isOwnName(sound, soundName));

/** Parses the stored value; `lossy` is true when something could not be kept as it was. */
export function parseSavedMixes(value: unknown): { mixes: SavedMix[]; lossy: boolean } | undefined {
  if (!Array.isArray(value)) return undefined;
  let lossy = false;
  const mixes: SavedMix[] = [];
  const ids = new Set<string>();
  for (const entry of value) {
    const usable =
      isRecord(entry) &&
      typeof entry.id === 'string' && entry.id !== '' && !ids.has(entry.id) &&
      typeof entry.name === 'string' && entry.name.trim() !== '' &&
      isTrack(entry.sound, entry.soundName) &&
      Array.isArray(entry.layers) && typeof entry.alive === 'boolean' && isSeed(entry.seed);
    if (!usable) {
      lossy = true;
      continue;
    }
    lossy ||= unknownFields(entry, MIX_FIELDS);
    const layers: MixLayer[] = [];
    for (const raw of entry.layers as unknown[]) {
      const layer = readLayer(raw);
      if (!layer || layers.length === MAX_LAYERS || layers.some((each) => each.sound === layer.sound)) lossy = true;
      else layers.push(layer);
    }
    ids.add(entry.id as string);
    const soundName = typeof entry.soundName === 'string' ? { soundName: entry.soundName } : {};
    mixes.push({ id: entry.id as string, name: entry.name as string, sound: entry.sound as string | null, ...soundName, layers, alive: entry.alive as boolean, seed: entry.seed as number });
  }
  return { mixes, lossy };
}

/**
 * The saved mixes, or undefined mixes when nothing usable is stored. `recovered`: part of the
 * stored value could not be used; the original was kept aside (lib/storage) and the user is told.
 */
export function readStoredMixes(): { mixes: SavedMix[] | undefined; recovered: boolean } {
  const { value, recovered } = readRecoverable(STORAGE_KEYS.savedMixes, (json) => {
    const parsed = parseSavedMixes(json);
    return parsed && { value: parsed.mixes, lossy: parsed.lossy };
  });
  return { mixes: value, recovered };
}

/** The stored shape, field by field. */
const toStored = (mixes: readonly SavedMix[]) =>
  mixes.map((m) => ({ id: m.id, name: m.name, sound: m.sound, ...trackName(m), layers: m.layers.map(withOwnName), alive: m.alive, seed: m.seed }));

/** An own track's name as it is now (or was when last known), as its layers keep theirs. */
function trackName(mix: Pick<SavedMix, 'sound' | 'soundName'>): { soundName?: string } {
  if (mix.sound === null || !isOwnLayer(mix.sound)) return {};
  const { name } = withOwnName({ sound: mix.sound, level: 1, ...(mix.soundName === undefined ? {} : { name: mix.soundName }) });
  return name === undefined ? {} : { soundName: name };
}

export const writeStoredMixes = (mixes: readonly SavedMix[]): WriteResult => writeJson(STORAGE_KEYS.savedMixes, toStored(mixes));
