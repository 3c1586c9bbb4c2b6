import { reportError } from '../../lib/error-reporting';

/**
 * Play and Stop for playlists, with the playlist runner loaded only once a playlist is on the page:
 * a first visit (no playlists) does not fetch it (the first load's budget, issue 39). It loads as soon
 * as the section shows a playlist, so a tap finds it ready and plays inside the tap; a tap before it
 * arrives plays when it does.
 */
type Playback = typeof import('../../engine/playlist-playback');

let playback: Playback | undefined;
let loading: Promise<Playback> | undefined;

export function loadPlaylistPlayback(): Promise<Playback> {
  loading ??= import('../../engine/playlist-playback').then(
    (module) => (playback = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function withPlayback(run: (module: Playback) => void): void {
  if (playback) run(playback);
  else loadPlaylistPlayback().then(run, (error: unknown) => reportError(error, 'Lull: the playlist player could not be loaded:'));
}

export const playPlaylist = (playlistId: string, index = 0): void => withPlayback((module) => module.playPlaylist(playlistId, index));
export const stopPlaylist = (): void => withPlayback((module) => module.stopPlaylist());
