/** SPEC's event names and numbers; the words the user sees are in strings.ts. */

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
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  playlistFailureSkipMs: 2000,
  playlistMissingSkipMs: 1000,
  defaultPlaylistItemMinutes: 5,
  minPlaylistItemMinutes: 1,
  /** Lull's bound (SPEC sets none): 24 hours, stated in the editor. */
  maxPlaylistItemMinutes: 1440,
} as const;
