/**
 * What the "Your sounds" feature says (issue 41), in one place beside strings.ts (which holds SPEC's strings and is
 * at its length limit). A file's name is shown as the listener named it; React escapes it, and long ones are cut.
 */
export const MAX_OWN_SOUND_NAME_LENGTH = 60;
/** Files larger than this are refused before a byte is read. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

/**
 * The emoji a sound of one's own can wear, each with its name for the menu and screen readers. The first is every
 * sound's until one is chosen, and stands in for anything else found in storage.
 */
export const OWN_SOUND_EMOJI: readonly (readonly [emoji: string, name: string])[] = [
  ['🎙️', 'Microphone'], ['🌀', 'Fan'], ['🌧️', 'Rain'], ['🌊', 'Waves'], ['🔥', 'Fire'], ['🌬️', 'Wind'], ['🌳', 'Tree'], ['🐦', 'Bird'],
  ['🚆', 'Train'], ['☕', 'Café'], ['🏠', 'Home'], ['🌙', 'Night'], ['🎵', 'Music'], ['❄️', 'Snow'], ['🐱', 'Cat'], ['✨', 'Sparkles'],
];

/** A stored sound's emoji, or the first where it has none or one not on the list (storage from elsewhere). */
export function ownSoundEmoji(stored: unknown): string {
  const found = OWN_SOUND_EMOJI.find(([emoji]) => emoji === stored);
  return (found ?? OWN_SOUND_EMOJI[0]!)[0];
}

/** A name as a message quotes it: at most 80 characters. */
const quoted = (name: string) => `“${name.length > 80 ? `${name.slice(0, 79)}…` : name}”`;

export const ownSoundStrings = {
  sectionTitle: 'Your sounds',
  addSounds: 'Add your sounds',
  addSoundsHint: 'Bring a recording (a fan, the rain on your window): Lull makes it a seamless loop that stays on this device.',
  dropHere: 'Drop audio files to add them to Your sounds',
  importing: (name: string, position: number, count: number) => (count > 1 ? `Preparing ${quoted(name)} (${position} of ${count})` : `Preparing ${quoted(name)}`),
  cancel: 'Cancel',
  play: (name: string) => `Play ${name}`,
  pause: (name: string) => `Pause ${name}`,
  rename: 'Rename',
  renameNamed: (name: string) => `Rename ${name}`,
  renameTitle: 'Rename your sound',
  nameLabel: 'Name',
  nameRequired: 'Please enter a name',
  nameTooLong: (max: number) => `Use at most ${max} characters.`,
  save: 'Save',
  delete: 'Delete',
  deleteNamed: (name: string) => `Delete ${name}`,
  confirmDeleteTitle: (name: string) => `Delete ${quoted(name)}?`,
  confirmDeleteBody: 'The sound is removed from this device. The file you imported it from is not touched.',
  dismiss: 'Dismiss',
  settingsIntro: 'Recordings you added are kept on this device, apart from the offline sounds.',
  settingsEmpty: 'You have not added any sounds of your own. Add them on the home page.',
  settingsTotal: (size: string, count: number) => `${count} ${count === 1 ? 'sound uses' : 'sounds use'} ${size} of storage on this device.`,
  /** A stored sound's length and storage, the same on Home and in Settings: '6 s loop · 1.2 MB'. */
  detail: (seconds: number, size: string) => `${seconds >= 60 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds)} s`} loop · ${size}`,
  settingsManage: 'Manage them on the home page',
  settingsFailed: 'Your sounds could not be read. They are unchanged.',
  ready: (name: string) => `${quoted(name)} is ready in Your sounds.`,
  truncated: (name: string, minutes: number) => `${quoted(name)} is longer than ${minutes} minutes: its first ${minutes} minutes were kept.`,
  tooBig: (name: string) => `${quoted(name)} is over 200 MB: Lull cannot import it. Nothing was read.`,
  empty: (name: string) => `${quoted(name)} is empty (0 bytes).`,
  notAudio: (name: string) => `${quoted(name)} is not an audio file.`,
  undecodable: (name: string) => `${quoted(name)} could not be decoded: it is damaged, cut short, or in a format this browser cannot play.`,
  silent: (name: string) => `${quoted(name)} is silent: there is nothing to loop.`,
  tooShort: (name: string, seconds: number) => `${quoted(name)} is shorter than ${seconds} seconds: too short to loop.`,
  notSaved: (name: string) => `${quoted(name)} could not be saved on this device (storage is full or blocked). Nothing was kept.`,
  failed: (name: string) => `${quoted(name)} could not be imported. Nothing was kept.`,
  cancelled: 'Import cancelled. Nothing was kept.',
  sharedFailed: 'Lull could not receive what you shared. Nothing was kept: share it again, or use Add your sounds.',
  playFailed: (name: string) => `${quoted(name)} could not be played.`,
  deleteFailed: (name: string) => `${quoted(name)} could not be deleted. It is unchanged.`,
  renameFailed: 'The name could not be saved. It is unchanged.',
  chooseEmoji: (name: string) => `Choose an emoji for ${name}`,
  emojiMenu: (name: string) => `Emoji for ${name}`,
  emojiFailed: 'The emoji could not be saved. It is unchanged.',
  // An own sound in a mix: the layer picker's groups, a layer this device does not know, links and saved mixes.
  layerGroupCatalogue: 'Lull’s sounds',
  layerGroupOwn: 'Your sounds',
  surpriseWithOwn: 'With one of your sounds',
  senderOwn: (count: number) =>
    count === 1
      ? 'This mix also had a sound of the sender’s own, which only their device holds: the rest plays without it.'
      : `This mix also had ${count} sounds of the sender’s own, which only their device holds: the rest plays without them.`,
  notHere: (names: readonly string[]) => `No longer on this device, so not playing: ${names.join(', ')}.`,
};
