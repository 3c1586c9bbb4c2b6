/**
 * Every user-visible string SPEC.md fixes, used verbatim, in one place.
 * Functions build the ones with a placeholder; SPEC's numbers come from spec-constants.ts.
 */
import { constants } from './spec-constants';

export const PRODUCT = 'Lull';

export const routeTitles = {
  '/': 'Home',
  '/white-noise': 'White Noise',
  '/pink-noise': 'Pink Noise',
  '/brown-noise': 'Brown Noise',
  '/podcasts': 'Podcasts',
  '/embed': 'Embed',
  '/privacy': 'Privacy',
  '/support': 'Support',
  '/settings': 'Settings',
  '/credits': 'Credits',
  '/changelog': 'Changelog',
} as const;

export type RoutePath = keyof typeof routeTitles;

/** 'White Noise - Lull'; the home page is just 'Lull'. */
export const documentTitle = (title: string | undefined): string =>
  title && title !== routeTitles['/'] ? `${title} - ${PRODUCT}` : PRODUCT;

export const strings = {
  notFound: 'The page you are looking for does not exist.',
  loadingAudio: 'Loading audio...',
  learnMore: 'Learn more',
  // Read by screen readers and search engines after the visible 'Learn more' (SPEC's words stay as they are).
  learnMoreCreditsContext: ' about who made the sounds and their licences',
  credits: 'Credits',
  sleepTimer: 'Sleep timer',
  playlists: 'Playlists',
  createPlaylist: 'Create Playlist',
  stopPlaylist: 'Stop Playlist',
  playing: 'Playing',
  paused: 'Paused',
  /** Beside Paused when the sound stopped by itself and did not come back (issue 40). */
  playbackStalled: 'The sound stopped playing in this browser. Press play to try again.',
  /** Beside Paused when the system took the audio (a call, Siri, an alarm) or froze its clock (issue 40). */
  pausedBySystem: 'Paused by the system',
  startTimer: 'Start timer',
  stopTimer: 'Stop timer',
  install: 'Install',
  notAvailableOffline: 'Not available offline',
  offlineBadge: (count: number) => `Offline Mode - ${count} sounds available`,
  youAreOffline: 'You are offline - only cached sounds are available',
  backOnline: 'You are back online',
  playingCached: (name: string) => `Playing cached version of: ${name}`,
  networkErrorTryingCache: 'Network error: Attempting to load from cache...',
  networkErrorNoCache: (name: string) => `Network error: No cached version available for ${name}`,
  failedCachedAudio: 'Failed to play cached audio',
  failedCachedPlaylistAudio: 'Failed to play cached playlist audio',
  failedToFetchAudio: (status: number, statusText: string) => `Failed to fetch audio: ${status} ${statusText}`,
  indexedDbError: (error: unknown) => `IndexedDB error: ${String(error)}`,
  playlistNameRequired: 'Please enter a playlist name',
  playlistItemsRequired: 'Please add at least one soundscape to the playlist',
  errorLoadingPreferences: 'Error loading listening preferences:',
  errorSavingPreferences: 'Error saving listening preferences:',
  updateAvailable: 'Update available',
  reload: 'Reload',
  dismiss: 'Dismiss',
  // Offline cache faults and settings (Lull's own wording; SPEC leaves these open).
  storageFull: (name: string) => `Storage is full: ${name} could not be saved for offline use. It keeps playing from the network; remove cached sounds in Settings to make room.`,
  corruptCachedCopy: (name: string) => `The saved copy of ${name} could not be read, so it plays from the network and will be saved again.`,
  offlineCacheNewerVersion:
    'The offline sounds on this device were saved by a newer version of Lull. Sounds play from the network and are not saved until Lull updates (reload the page).',
  // Previous, next and the lofi radio found nothing else that can play (Lull's own wording).
  nothingElseToPlay: (lofi: boolean, online: boolean) =>
    online
      ? `Nothing else to play: no other ${lofi ? 'lofi song' : 'sound'} could be loaded`
      : `Nothing else to play offline: no other ${lofi ? 'lofi song' : 'sound'} is saved on this device`,
  // A playlist none of whose items could play stopped after one round (Lull's own wording).
  playlistNothingPlayable: (online: boolean) =>
    online
      ? 'Playlist stopped: none of its sounds could be loaded'
      : 'Playlist stopped: none of its sounds is saved on this device, so none can play offline',
  offlineCacheBlocked: 'The offline sounds are busy in another Lull tab or window. Sounds play from the network; close the other tabs to save them again.',
  cachedSoundsHeading: 'Offline sounds',
  cachedSoundsIntro: 'Sounds you have played are saved on this device so they play offline.',
  cachedSoundsEmpty: 'No sounds are saved on this device yet. Play a sound while online to save it.',
  cachedSoundsTotal: (size: string, count: number) => `${count} ${count === 1 ? 'sound uses' : 'sounds use'} ${size} of storage on this device.`,
  removeCachedSound: (name: string) => `Remove ${name} from this device`,
  removeAllCachedSounds: 'Remove all',
  confirmRemoveAllTitle: 'Remove all offline sounds?',
  confirmRemoveAllBody: 'Every saved sound is deleted from this device. They play again from the network and are saved again the next time you play them.',
  cancel: 'Cancel',
  // Player, home page and listening stats (Lull's own wording; SPEC leaves these open).
  play: 'Play',
  pause: 'Pause',
  previousTrack: 'Previous',
  nextTrack: 'Next',
  loading: 'Loading',
  // A tap before the app has loaded (shown by the first-paint script, src/lib/first-paint.ts).
  firstTapStillLoading: `${PRODUCT} is still loading: your sound starts as soon as it is ready.`,
  firstTapCouldNotLoad: `${PRODUCT} could not load. Check your connection, then reload the page.`,
  soundscapesHeading: 'Soundscapes',
  reversedSoundscapesHeading: 'Reversed soundscapes',
  reversedNotice: 'This is the reversed edition: every soundscape here plays backwards.',
  playerLabel: 'Player',
  listeningStatsHeading: 'Listening stats',
  listeningStatsEmpty: 'Nothing yet: play a sound and your listening time shows here.',
  listeningStatsSound: 'Sound',
  listeningStatsMinutes: 'Minutes',
  listeningStatsSessions: 'Sessions',
  // Playlists and sleep timer (Lull's own wording; SPEC leaves these open).
  homeDisclaimer:
    "Lull's sounds are made by Lull from code, public-domain samples and an openly licensed soundfont; Lull did not make the third-party recordings it credits, and their authors do not endorse it.",
  playlistsEmpty: 'No playlists yet. Create one to play soundscapes one after another.',
  playlistsRecovered: 'Some saved playlist data could not be read. Lull shows what it could read and kept a copy of the original on this device.',
  editPlaylist: 'Edit playlist',
  newPlaylist: 'New playlist',
  playlistName: 'Name',
  playlistDescription: 'Description',
  playlistItems: 'Soundscapes',
  playlistNoItems: 'No soundscapes added yet.',
  addSoundscape: 'Add soundscape',
  soundscapeToAdd: 'Soundscape to add',
  allSoundscapesAdded: 'Every soundscape is in this playlist.',
  itemDuration: (name: string) => `Minutes of ${name}`,
  durationHint: `minutes, ${constants.minPlaylistItemMinutes} to ${constants.maxPlaylistItemMinutes} (24 hours)`,
  durationInvalid: `Enter a whole number of minutes, at least ${constants.minPlaylistItemMinutes} and at most ${constants.maxPlaylistItemMinutes} (24 hours).`,
  durationsInvalid: 'Fix the durations marked above before saving.',
  minutesShort: (n: number) => `${n} min`,
  save: 'Save',
  ok: 'OK',
  edit: 'Edit',
  delete: 'Delete',
  playPlaylist: 'Play',
  playPlaylistNamed: (name: string) => `Play playlist ${name}`,
  editPlaylistNamed: (name: string) => `Edit playlist ${name}`,
  deletePlaylistNamed: (name: string) => `Delete playlist ${name}`,
  movePlaylistUp: (name: string) => `Move playlist ${name} up`,
  movePlaylistDown: (name: string) => `Move playlist ${name} down`,
  moveItemUp: (name: string) => `Move ${name} up`,
  moveItemDown: (name: string) => `Move ${name} down`,
  removeItem: (name: string) => `Remove ${name}`,
  playFromItem: (name: string) => `Play from ${name}`,
  confirmDeletePlaylistTitle: (name: string) => `Delete the playlist ${name}?`,
  confirmDeletePlaylistBody: 'The playlist is removed from this device. The sounds themselves stay.',
  unknownSoundscape: (index: number) => `Unknown soundscape (#${index})`,
  skippingMissing: 'Not available: skipping',
  skippingFailed: 'Could not play: skipping',
  cannotSavePlaylist: 'Cannot save the playlist',
  // A write to this device's storage failed (full, disabled or blocked): nothing changed.
  playlistSaveFailed:
    'The playlist could not be saved: storage on this device is full or blocked. Your changes are still here; free some space (for example remove offline sounds in Settings) and save again.',
  playlistDeleteFailed: (name: string) => `The playlist ${name} could not be deleted: storage on this device is full or blocked. It is unchanged.`,
  playlistMoveFailed: (name: string) => `The playlist ${name} could not be moved: storage on this device is full or blocked. The order is unchanged.`,
  cannotChangePlaylists: 'Playlists not changed',
  sleepTimerMinutes: 'Minutes',
  sleepTimerInvalid: 'Enter a number of minutes greater than 0.',
  sleepTimerRemaining: (time: string) => `Sleep timer: ${time} left`,
  sleepTimerFading: 'Sleep timer: fading out',
  sleepTimerIntro: 'Playback fades out and pauses when the time is up.',
  sleepFade: 'Fade out',
  sleepFadeChoice: (minutes: number) => (minutes === 0 ? 'In the last second' : minutes === 1 ? 'Over the last minute' : `Over the last ${minutes} minutes`),
  close: 'Close',
  // Mixes and levels (issue 13; Lull's own wording).
  settings: 'Settings',
  openSettings: 'Open Settings',
  masterVolume: 'Master volume',
  percent: (value: number) => `${value} %`,
  mixControls: 'Mix and volume',
  noiseColourName: (colour: 'white' | 'pink' | 'brown') => ({ white: 'White noise', pink: 'Pink noise', brown: 'Brown noise' })[colour],
  noiseBedLevel: (colourName: string) => `${colourName} level`,
  /** The home page's noise cards (issue 39). */
  noiseHeading: 'Noise',
  // Layers (issue 23).
  layersHeading: 'Under the sound',
  layersEmpty: 'Nothing yet: add rain, a fire or a noise under what plays.',
  addLayer: 'Add a layer',
  addLayerChoose: 'Choose a sound',
  /** A layer of the listener's own sound this device does not know (issue 41; the rest of that feature's words: own-sound-strings.ts). */
  ownLayerUnknown: 'Your sound',
  layersFull: (max: number) => `Up to ${max} layers: remove one to add another.`,
  remove: 'Remove',
  removeLayer: (name: string) => `Remove ${name}`,
  addLayerUnder: (name: string) => `Add ${name} under the current sound`,
  removeLayerUnder: (name: string) => `Remove ${name} from under the current sound`,
  mixAlive: 'Alive: levels drift slowly',
  /** Under the track's title: the rest of the mix's name ('Chill' then '+ Rain + Fire'). */
  mixLayersShown: (layerNames: readonly string[]) => layerNames.map((name) => `+ ${name}`).join(' '),
  /** The whole mix, as the lock screen names it: 'Chill + Rain + Fire'. */
  mixName: (trackName: string, layerNames: readonly string[]) => [trackName, ...layerNames].join(' + '),
  playUnderCurrent: 'Play under the current sound',
  removeFromUnderCurrent: 'Remove from under the current sound',
  playUnderCurrentHint: (colourName: string, soundName: string) => `${colourName} plays quietly under ${soundName}, with its own level.`,
  playUnderNoTrack: 'Start a soundscape or a lofi song on Home, then come back to play this noise under it.',
  copyMixLink: 'Copy link',
  copyMixLinkHint: 'A link that opens Lull with this mix ready to play.',
  mixLinkCopied: 'Link copied',
  mixLinkCopyManually: 'Copy this link:',
  mixLinkField: 'Mix link',
  sharedMixHeading: 'A mix was shared with you',
  sharedMixIntro: 'Browsers only play sound after a tap: press Play to start it.',
  playThisMix: 'Play this mix',
  sharedMixSound: (name: string) => `Sound: ${name}`,
  sharedMixLayer: (name: string, level: number) => `With: ${name} at ${level} %`,
  sharedMixVolume: (percent: number) => `Master volume: ${percent} %`,
  sharedMixKeepsVolume: 'Master volume: yours, unchanged',
  sharedMixUnavailable: (names: readonly string[]) =>
    names.length === 1
      ? `${names[0]} is not available offline: play it once while online to save it.`
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are not available offline: play them once while online to save them.`,
  mixPartsNotHere: (names: readonly string[]) => `Not available here, so not playing: ${names.join(', ')}.`,
  // Saved mixes and Surprise me (issue 23; Lull's own wording, validated like playlists).
  savedMixes: 'Saved mixes',
  savedMixesEmpty: 'No saved mixes yet. Start a sound, open Mix and volume, and press Save mix.',
  savedMixesRecovered: 'Some saved mix data could not be read. Lull shows what it could read and kept a copy of the original on this device.',
  saveMix: 'Save mix',
  saveMixTitle: 'Save this mix',
  renameMix: 'Rename mix',
  mixNameLabel: 'Name',
  mixNameRequired: 'Please enter a mix name',
  mixNameTooLong: (max: number) => `Use at most ${max} characters.`,
  mixSaved: (name: string) => `Saved as ${name}`,
  mixSaveFailed: 'The mix could not be saved: storage on this device is full or blocked. Free some space (for example remove offline sounds in Settings) and save again.',
  mixChangeFailed: (name: string) => `The mix ${name} could not be changed: storage on this device is full or blocked. It is unchanged.`,
  playSavedMix: (name: string) => `Play mix ${name}`,
  renameSavedMix: (name: string) => `Rename mix ${name}`,
  deleteSavedMix: (name: string) => `Delete mix ${name}`,
  confirmDeleteMixTitle: (name: string) => `Delete the mix ${name}?`,
  confirmDeleteMixBody: 'The mix is removed from this device. The sounds themselves stay.',
  savedMixNotOffline: (names: readonly string[]) => `Not saved offline: ${names.join(', ')}`,
  showSavedMixes: 'Saved mixes…',
  surpriseMe: 'Surprise me',
  surpriseMeHint: 'A random mix of 2 to 4 sounds that go together, under the current sound.',
  mixLinkIgnored: 'Part of this mix link could not be used, so it was ignored.',
  mixLinkInvalid: 'This mix link could not be used, so it was ignored.',
  /** Home, the morning after (issue 40): the mix that played last on this device. */
  continueMix: (mixName: string) => `Continue ${mixName}`,
  // The audio session on iOS (issue 40; the two choices are the wording).
  audioSessionHeading: 'Sound with other apps',
  audioSessionPlayback: 'Play with the ringer switch on and other audio paused',
  audioSessionAmbient: "Mix with other apps' audio",
} as const;
