import { subscribe } from 'valtio/vanilla';
import { mediaSlug } from '../catalogue/entries';
import { soundscapes } from '../catalogue/catalogue';
import { reportError } from '../lib/error-reporting';
import { readLastMix, writeLastMix, type LastMix } from './last-mix-storage';
import { MIX_PERSIST_DELAY_MS, type MixState } from './mix-store';
import type { NoiseState } from './noise-store';
import type { PlayerState } from './player-store';
import type { SleepTimerState } from './sleep-timer-store';

/**
 * Keeps what plays on this device as the last mix (last-mix-storage.ts; issue 40) while it plays:
 * it follows the player, the mix, the noise and the sleep timer with `subscribe`, writes a little
 * after the last change (as the master volume is: a slider dragged writes once), and at once when
 * the page is hidden or closed.
 * Loaded by start-app.ts when something first plays, so the first load does not carry it.
 */
export interface LastMixSources {
  player: PlayerState;
  mix: MixState;
  noise: NoiseState;
  timer: SleepTimerState;
}

/** What plays now, as the last mix: the current track with its layers, or a noise alone; undefined when nothing plays. */
export function playingMix({ player, mix, noise, timer }: LastMixSources): LastMix | undefined {
  const running = timer.status !== 'idle' && timer.endsAt !== null;
  const rest = { alive: mix.alive, seed: mix.seed, volume: mix.masterVolume, timer: running ? { endsAt: timer.endsAt!, fadeMinutes: timer.fadeMinutes } : null };
  const track = player.currentIndex === null ? undefined : soundscapes[player.currentIndex];
  if (track && player.status === 'playing') return { sound: mediaSlug(track.name), layers: mix.layers.map((layer) => ({ ...layer })), ...rest };
  if (noise.colour !== null && noise.status === 'playing') return { sound: null, layers: [{ sound: noise.colour, level: mix.bedLevels[noise.colour] }], ...rest };
  return undefined;
}

/**
 * Starts keeping the last mix of the app's stores (start-app.ts passes them, so this lazy module
 * shares them instead of carrying them). Returns a function that writes what is pending and stops.
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
  const stops = [sources.player, sources.mix, sources.noise, sources.timer].map((store) => subscribe(store, schedule));
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
