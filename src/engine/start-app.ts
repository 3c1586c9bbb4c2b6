/**
 * The one place the app starts (called once from main.tsx, before hydration): the persisted stores
 * load, then the bus, then the engines that receive it. Nothing starts on import, so modules can be loaded in Node (prerendering,
 * unit tests) without touching the DOM or Web Audio. The AudioContext is built, suspended, at the
 * first press anywhere on the page (pointerdown or keydown) and started inside the tap that plays
 * something: a press comes 50–200 ms before its click on a phone, time the context's construction
 * would otherwise add to the first sound.
 */
import { subscribe } from 'valtio/vanilla';
import { reportError } from '../lib/error-reporting';
import { holdsOwnSounds } from '../lib/own-sounds-db-name';
import { mixStore, startMixStore } from '../stores/mix-store';
import { startPlaylistStore } from '../stores/playlist-store';
import { startStatsStore } from '../stores/stats-store';
import { startUiStore } from '../stores/ui-store';
import { ownSoundNames, setOwnSoundNames } from '../stores/own-layers';
import { createAudioBus, type AudioBus } from './audio-bus';
import { fadeIn, fadeOut, ramp } from './level-ramp';
import { firstTapHandover, firstTapTakeover, handedOverContext } from './first-tap';
import { startNoiseEngine } from './noise/noise-engine';
import { startOwnSoundPlayer } from './own-sound/own-sound-player';
import type { PlaybackSourceService } from './playback-sources';
import { loadLoopWindows } from './soundscape/load-loop-windows';
import { startPlayerEngine } from './player/player-engine';
import { startSleepTimerEngine } from './sleep-timer';
import { audioSession } from './web-audio';

let bus: AudioBus | undefined;

export interface AppServices {
  /** Where tracks play from: the offline service, created over the cache worker by main.tsx. */
  sources: PlaybackSourceService;
}

export function startApp({ sources }: AppServices): void {
  if (bus) return;
  // Saved state first (nothing reads storage on import): the bus and the engines start at the saved levels.
  startUiStore();
  startStatsStore();
  startMixStore();
  startPlaylistStore();
  startAudioSessionWhereOffered();
  void readOwnSoundNames();
  // A tap before hydration (src/lib/first-paint.ts) may have unlocked a context and an element: the app plays through them.
  const firstTap = firstTapHandover();
  bus = createAudioBus({ createContext: handedOverContext(firstTap) });
  const fade = bus.setFade;
  const player = startPlayerEngine(bus, sources, { element: firstTap?.element ?? undefined, firstTap: firstTapTakeover(firstTap) });
  // A tap from now until React answers unlocks the app's own element.
  if (firstTap) firstTap.element = player.audio;
  startNoiseEngine(bus);
  startOwnSoundPlayer(bus);
  startLayersWithTheFirst(bus, sources);
  const fadeOut = bus.fadeOut;
  startSleepTimerEngine((level) => fade(level), (seconds) => fadeOut(seconds));
  prepareOnFirstPress(bus);
}

/** The layer engine loads with the mix's first layer (the first load's budget, issue 24); a failed load is tried at the next change. */
function startLayersWithTheFirst(target: AudioBus, sources: PlaybackSourceService): void {
  let loading = false;
  const stop = subscribe(mixStore, () => {
    if (loading || mixStore.layers.length === 0) return;
    loading = true;
    import('./layers/layer-engine').then(
      ({ startLayerEngine }) => {
        stop();
        startLayerEngine(target, { ramp, fadeIn, fadeOut, loadLoopWindows }, sources);
      },
      (error: unknown) => {
        loading = false;
        reportError(error, 'Lull: the layers could not load:');
      },
    );
  });
}

/**
 * The names of the listener's own sounds (issue 41), so a mix's layers can be one of them and be named on every page:
 * read once at start, only on a device that holds some (no database is created by asking). A failed read leaves the
 * names unknown: the own layers of a saved mix are then tried rather than called missing.
 */
async function readOwnSoundNames(): Promise<void> {
  try {
    if (!(await holdsOwnSounds())) {
      if (!ownSoundNames.known) setOwnSoundNames([]);
      return;
    }
    const { ownSoundsDb, listOwnSounds } = await import('../lib/own-sounds-db');
    const sounds = await listOwnSounds(await ownSoundsDb());
    // The feature's own read (the home page's section) may have come first, with a later list.
    if (!ownSoundNames.known) setOwnSoundNames(sounds);
  } catch (error) {
    reportError(error, 'Lull: the names of your sounds could not be read:');
  }
}

/**
 * iOS's audio session, chosen in Settings ('playback' by default: it keeps Web Audio playing locked),
 * loaded only where the browser offers one, before anything plays (a tap comes later than its small
 * read). A load that fails is reported as an unhandled rejection (main.tsx).
 */
function startAudioSessionWhereOffered(): void {
  if (audioSession()) void import('./audio-session').then(({ startAudioSession }) => startAudioSession());
}

function prepareOnFirstPress(target: AudioBus): void {
  const presses = ['pointerdown', 'keydown'] as const;
  const prepare = () => {
    for (const type of presses) window.removeEventListener(type, prepare, true);
    target.prepare();
  };
  for (const type of presses) window.addEventListener(type, prepare, { capture: true, passive: true });
}
