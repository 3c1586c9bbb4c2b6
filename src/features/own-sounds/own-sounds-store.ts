import { proxy, subscribe } from 'valtio/vanilla';
import { reportError } from '../../lib/error-reporting';
import { nameProblem } from '../../lib/name-check';
import { MAX_OWN_SOUND_NAME_LENGTH, ownSoundEmoji, ownSoundStrings as s } from '../../lib/own-sound-strings';
import { changeOwnSoundRecord, deleteOwnSoundRecord, listOwnSounds, ownSoundsDb, type OwnSoundChange, type OwnSoundRecord } from '../../lib/own-sounds-db';
import { forgetOwnTrack, playOwnTrack, renameOwnTrack, toggleOwnTrack } from '../../engine/own-sound/own-track';
import { removeLayer } from '../../stores/mix-actions';
import { ownLayerSound, setOwnSoundNames } from '../../stores/own-layers';
import { ownTrack } from '../../stores/own-track';

/**
 * The listener's own sounds (issue 41): what is stored (read from the database, changed only once a write
 * succeeded), the import under way (own-sounds-import.ts runs it and keeps its progress) and the messages of the last
 * imports. Which one is the track, and whether it plays, is stores/own-track.ts (engine/own-sound/own-track.ts plays it).
 */
export interface OwnSoundMessage {
  readonly id: number;
  readonly severity: 'success' | 'info' | 'error';
  readonly text: string;
}

export interface OwnSoundsState {
  sounds: OwnSoundRecord[];
  loaded: boolean;
  /** The import under way: which file, which of how many (how far it is: importProgress). */
  job: { name: string; position: number; count: number } | null;
  messages: OwnSoundMessage[];
}

export const ownSoundsStore = proxy<OwnSoundsState>({ sounds: [], loaded: false, job: null, messages: [] });

// The names the mix's layers go by (stores/own-layers.ts), once the list has been read: set again only when a sound
// or a name changed, not at each step of an import or message (what reads them, Surprise me and the mix panel on
// Home among them, would render again for nothing).
let namesKey: string | null = null;
subscribe(ownSoundsStore, () => {
  if (!ownSoundsStore.loaded) return;
  const key = JSON.stringify(ownSoundsStore.sounds.map((sound) => [sound.id, sound.name]));
  if (key === namesKey) return;
  namesKey = key;
  setOwnSoundNames(ownSoundsStore.sounds);
});

const db = ownSoundsDb;

/**
 * Other tabs of Lull on this device hear of a change (a sound stored, renamed, given an emoji or deleted) and read
 * the list again, so two tabs never show different sounds; where BroadcastChannel is missing each tab keeps its own.
 */
const CHANNEL = 'lull-own-sounds';
const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
tabs?.addEventListener('message', () => {
  if (!ownSoundsStore.loaded) return;
  const before = ownSoundsStore.sounds.map((sound) => sound.id);
  void loadOwnSounds().then(() => {
    // One deleted in another tab stops here too, as the track and as a layer.
    for (const id of before.filter((each) => !ownSoundsStore.sounds.some((sound) => sound.id === each))) {
      forgetOwnTrack(id);
      removeLayer(ownLayerSound(id));
    }
  });
});
const tellOtherTabs = () => tabs?.postMessage('changed');

let messageId = 0;
/** A message under Your sounds (the import's outcomes, a failed change). */
export function say(severity: OwnSoundMessage['severity'], text: string): void {
  messageId += 1;
  ownSoundsStore.messages.push({ id: messageId, severity, text });
}

export function dismissOwnSoundMessage(id: number): void {
  ownSoundsStore.messages = ownSoundsStore.messages.filter((message) => message.id !== id);
}

/** Reads started, and under way: only the latest read started sets the list (it saw every write before it). */
let readsStarted = 0;
let readsUnderWay = 0;

export async function loadOwnSounds(): Promise<void> {
  const read = ++readsStarted;
  readsUnderWay += 1;
  try {
    const sounds = await listOwnSounds(await db());
    if (read === readsStarted) ownSoundsStore.sounds = sounds;
  } catch (error) {
    reportError(error, 'Lull: your sounds could not be read:');
  } finally {
    readsUnderWay -= 1;
    ownSoundsStore.loaded = true;
  }
}

/** After a write here: a read under way may have started before it, so read again; and tell the other tabs. */
export function written(): void {
  if (readsUnderWay > 0) void loadOwnSounds();
  tellOtherTabs();
}

/** Names are validated like playlists' (not empty after trimming) and kept short enough to read in a list. */
export function validateOwnSoundName(name: string): 'required' | 'tooLong' | null {
  const problem = nameProblem(name, MAX_OWN_SOUND_NAME_LENGTH);
  return problem === 'empty' ? 'required' : problem;
}

/** Stored first; the list changes only once the write succeeded, and a failure says so. */
async function changeOwnSound(id: string, change: OwnSoundChange, failure: string): Promise<boolean> {
  try {
    await changeOwnSoundRecord(await db(), id, change);
  } catch (error) {
    reportError(error, 'Lull: a change to your sound failed:');
    say('error', failure);
    return false;
  }
  const sound = ownSoundsStore.sounds.find((each) => each.id === id);
  if (sound) Object.assign(sound, change);
  renameOwnTrack(id, change);
  written();
  return true;
}

export async function renameOwnSound(id: string, name: string): Promise<boolean> {
  if (validateOwnSoundName(name)) return false;
  return changeOwnSound(id, { name: name.trim() }, s.renameFailed);
}

export async function chooseOwnSoundEmoji(id: string, emoji: string): Promise<boolean> {
  if (ownSoundEmoji(emoji) !== emoji) return false;
  return changeOwnSound(id, { emoji }, s.emojiFailed);
}

export async function deleteOwnSound(id: string): Promise<void> {
  const sound = ownSoundsStore.sounds.find((each) => each.id === id);
  if (!sound) return;
  forgetOwnTrack(id);
  try {
    await deleteOwnSoundRecord(await db(), id);
  } catch (error) {
    reportError(error, 'Lull: a delete failed:');
    say('error', s.deleteFailed(sound.name));
    return;
  }
  ownSoundsStore.sounds = ownSoundsStore.sounds.filter((each) => each.id !== id);
  written();
  // Gone from what plays now too; a saved mix keeps it, and names it when it cannot play it.
  removeLayer(ownLayerSound(id));
}

/** A sound's Play under Your sounds: as the track (the mix's layers under it), or its Pause while it plays. Call from the click itself. */
export function toggleOwnSound(id: string): void {
  const sound = ownSoundsStore.sounds.find((each) => each.id === id);
  if (!sound) return;
  if (ownTrack.id === id && ownTrack.playing) toggleOwnTrack();
  else playOwnTrack(id, sound);
}
