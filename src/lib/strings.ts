/**
 * Every user-visible string SPEC.md fixes, used verbatim, in one place.
 * Functions build the ones with a placeholder.
 */
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
  credits: 'Credits',
  sleepTimer: 'Sleep timer',
  playlists: 'Playlists',
  createPlaylist: 'Create Playlist',
  stopPlaylist: 'Stop Playlist',
  playing: 'Playing',
  paused: 'Paused',
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
  soundscapesHeading: 'Soundscapes',
  reversedSoundscapesHeading: 'Reversed soundscapes',
  reversedNotice: 'This is the reversed edition: every soundscape here plays backwards.',
  playerLabel: 'Player',
  listeningStatsHeading: 'Listening stats',
  listeningStatsEmpty: 'Nothing yet: play a sound and your listening time shows here.',
  listeningStatsSound: 'Sound',
  listeningStatsMinutes: 'Minutes',
  listeningStatsSessions: 'Sessions',
} as const;

/** SPEC event names. */
export const events = {
  listeningPreferencesUpdate: 'listening-preferences-update',
  playlistChange: 'playlist-change',
  playlistNext: 'playlist-next',
  playlistPrevious: 'playlist-previous',
  playlistStop: 'playlist-stop',
} as const;

/** SPEC section 9. */
export const constants = {
  mobileBreakpointPx: 768,
  sidebarWidth: '16rem',
  sidebarWidthMobile: '18rem',
  sidebarWidthIcon: '3rem',
  playerBarHeightPx: 58,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  onlineMessageMs: 3000,
  playlistFailureSkipMs: 2000,
  playlistMissingSkipMs: 1000,
  defaultPlaylistItemMinutes: 5,
  minPlaylistItemMinutes: 1,
  statsTickMs: 1000,
  sleepFadeStepMs: 100,
  sleepFadeMs: 1000,
  whiteNoiseBufferSeconds: 2,
  noiseBlockSize: 4096,
} as const;
