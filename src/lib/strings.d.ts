/**
 * Every user-visible string SPEC.md fixes, used verbatim, in one place.
 * Functions build the ones with a placeholder.
 */
export declare const PRODUCT = "Lull";
export declare const routeTitles: {
    readonly '/': "Home";
    readonly '/white-noise': "White Noise";
    readonly '/pink-noise': "Pink Noise";
    readonly '/brown-noise': "Brown Noise";
    readonly '/podcasts': "Podcasts";
    readonly '/embed': "Embed";
    readonly '/privacy': "Privacy";
    readonly '/support': "Support";
    readonly '/settings': "Settings";
    readonly '/credits': "Credits";
    readonly '/changelog': "Changelog";
};
export type RoutePath = keyof typeof routeTitles;
/** 'White Noise - Lull'; the home page is just 'Lull'. */
export declare const documentTitle: (title: string | undefined) => string;
export declare const strings: {
    readonly notFound: "The page you are looking for does not exist.";
    readonly loadingAudio: "Loading audio...";
    readonly learnMore: "Learn more";
    readonly credits: "Credits";
    readonly sleepTimer: "Sleep timer";
    readonly playlists: "Playlists";
    readonly createPlaylist: "Create Playlist";
    readonly stopPlaylist: "Stop Playlist";
    readonly playing: "Playing";
    readonly paused: "Paused";
    readonly startTimer: "Start timer";
    readonly stopTimer: "Stop timer";
    readonly install: "Install";
    readonly notAvailableOffline: "Not available offline";
    readonly offlineBadge: (count: number) => string;
    readonly youAreOffline: "You are offline - only cached sounds are available";
    readonly backOnline: "You are back online";
    readonly playingCached: (name: string) => string;
    readonly networkErrorTryingCache: "Network error: Attempting to load from cache...";
    readonly networkErrorNoCache: (name: string) => string;
    readonly failedCachedAudio: "Failed to play cached audio";
    readonly failedCachedPlaylistAudio: "Failed to play cached playlist audio";
    readonly failedToFetchAudio: (status: number, statusText: string) => string;
    readonly indexedDbError: (error: unknown) => string;
    readonly playlistNameRequired: "Please enter a playlist name";
    readonly playlistItemsRequired: "Please add at least one soundscape to the playlist";
    readonly errorLoadingPreferences: "Error loading listening preferences:";
    readonly errorSavingPreferences: "Error saving listening preferences:";
    readonly updateAvailable: "Update available";
};
/** SPEC event names. */
export declare const events: {
    readonly listeningPreferencesUpdate: "listening-preferences-update";
    readonly playlistChange: "playlist-change";
    readonly playlistNext: "playlist-next";
    readonly playlistPrevious: "playlist-previous";
    readonly playlistStop: "playlist-stop";
};
/** SPEC section 9. */
export declare const constants: {
    readonly mobileBreakpointPx: 768;
    readonly sidebarWidth: "16rem";
    readonly sidebarWidthMobile: "18rem";
    readonly sidebarWidthIcon: "3rem";
    readonly playerBarHeightPx: 58;
    readonly tooltipDelayMs: 700;
    readonly tooltipSkipDelayMs: 300;
    readonly onlineMessageMs: 3000;
    readonly playlistFailureSkipMs: 2000;
    readonly playlistMissingSkipMs: 1000;
    readonly defaultPlaylistItemMinutes: 5;
    readonly minPlaylistItemMinutes: 1;
    readonly statsTickMs: 1000;
    readonly sleepFadeStepMs: 100;
    readonly sleepFadeMs: 1000;
    readonly whiteNoiseBufferSeconds: 2;
    readonly noiseBlockSize: 4096;
};
