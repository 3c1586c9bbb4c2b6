/**
 * The mix's layers (issue 23): the engine reconciles voices to mixStore.layers as React reconciles a tree (STYLE.md,
 * "One clock, many layers"): a layer added starts, one removed fades out, a level moved ramps; no layer knows
 * another. Layers play while the track is meant to play (a catalogue track, or a listener's own sound as the track:
 * stores/own-track.ts), so they pause and resume with it (and with the lock screen and the sleep timer, which act on
 * the track); all of them end in the bus, under the master volume and the sleep timer's fade. A soundscape's
 * compressed file is read once and kept while the sound is in the mix; its decoded windows are counted.
 */
import { subscribe } from 'valtio/vanilla';
import { soundscapes, type Soundscape } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { layerSoundIndex, type MixLayer } from '../../stores/mix-layers';
import { mixStore, type MixState } from '../../stores/mix-store';
import { ownTrack, ownTrackPlaying, type OwnTrackState } from '../../stores/own-track';
import { playerStore, type PlayerState } from '../../stores/player-store';
import { afterAudioClock } from '../audio-clock-wait';
import type { AudioBus, BusNodes } from '../audio-bus';
import type { PlaybackSourceService } from '../playback-sources';
import { fetchFileBytes } from '../soundscape/streamed-file';
import { scheduleDrift } from './layer-drift';
import { createLayerVoice, type LayerRuntime, type LayerVoice } from './layer-voice';
import type { OwnSoundSource } from '../own-sound/own-sound-voice';

const openStoredOwnSound = async (id: string): Promise<OwnSoundSource | null> => (await import('../../lib/own-sounds-db')).openOwnSoundReader(id);

const HOLDER = 'layers';
/**
 * Layers join this much audio after the track's 'playing': that event comes ~40 ms before the track's first block
 * is output, and the layers' reads, decodes and worklets started then delayed it (bench/mix.bench.ts).
 */
export const JOIN_AFTER_S = 0.25;

export interface LayerEngineDeps {
  bus: AudioBus;
  runtime: LayerRuntime;
  mix?: MixState;
  player?: PlayerState;
  /** A listener's own sound as the track (default: the app's). */
  ownTrack?: OwnTrackState;
  /** A soundscape's file (default: fetched from its catalogue URL; the service worker answers offline); aborted when the sound leaves the mix. */
  fetchFile?: (url: string, signal: AbortSignal) => Promise<ArrayBuffer>;
  /** A soundscape's saved copy, else null (then it is fetched): offline, a saved layer plays as a saved track does. */
  readSaved?: (sound: Soundscape) => Promise<ArrayBuffer | null>;
  /** An own sound's stored chunks (default: from the own-sounds database, loaded at the first own layer), or null. */
  openOwnSound?: (id: string) => Promise<OwnSoundSource | null>;
  /** Schedules the alive drift on a voice (default: layer-drift.ts); called again when the mix's seed or alive flag changes. */
  drift?: (voice: LayerVoice, mix: Readonly<MixState>) => () => void;
  /** The decoded bytes held by all layers changed. */
  onResident?: (bytes: number) => void;
}

export interface LayerEngine {
  /** Decoded audio held by the layers now (frames × channels × 4). */
  readonly residentBytes: number;
  /** The sounds playing now, in the mix's order. */
  readonly playing: readonly string[];
  dispose(): void;
}

export function createLayerEngine(deps: LayerEngineDeps): LayerEngine {
  const { bus } = deps;
  const mix = deps.mix ?? mixStore;
  const player = deps.player ?? playerStore;
  const own = deps.ownTrack ?? ownTrack;
  const fetchFile = deps.fetchFile ?? fetchFileBytes;
  const readSaved = deps.readSaved ?? (() => Promise.resolve(null));
  const drift = deps.drift ?? scheduleDrift;
  const openOwnSound = deps.openOwnSound ?? openStoredOwnSound;
  const voices = new Map<string, LayerVoice>();
  const stopDrift = new Map<string, () => void>();
  const files = new Map<string, { bytes: Promise<Uint8Array>; download: AbortController }>();
  let driftKey = '';

  const residentBytes = () => [...voices.values()].reduce((sum, voice) => sum + voice.residentBytes, 0);
  const onResident = () => deps.onResident?.(residentBytes());

  const readFile = (sound: string): Promise<Uint8Array> => {
    let file = files.get(sound);
    if (!file) {
      const entry = soundscapes[layerSoundIndex(sound) ?? -1];
      const download = new AbortController();
      const bytes = entry
        ? readSaved(entry)
            .catch(() => null)
            .then((saved) => saved ?? fetchFile(entry.url, download.signal))
            .then((buffer) => new Uint8Array(buffer))
        : Promise.reject(new Error(`no soundscape ${sound}`));
      const read = { bytes, download };
      // A failed read is tried again the next time the layer starts.
      bytes.catch(() => files.get(sound) === read && files.delete(sound));
      files.set(sound, read);
      file = read;
    }
    return file.bytes;
  };

  /** A sound taken out of the mix: its download stops if still on its way, and its file is let go. */
  const forgetFile = (sound: string) => {
    files.get(sound)?.download.abort();
    files.delete(sound);
  };

  /**
   * Layers join once the track has been heard, then stay through its track changes: started in the same tap, their
   * reads, decodes and worklets slowed the track's first sound (bench/mix.bench.ts). The wait is on the audio clock
   * (a locked phone's timers sleep; the audio does not); without a running graph yet they join at 'playing'.
   */
  let trackPlayed = false;
  let joining: { ctx: BaseAudioContext; cancel: () => void } | undefined;
  const stopJoining = () => {
    joining?.cancel();
    joining = undefined;
  };
  const wanted = (): readonly MixLayer[] => {
    // An own sound's voice starts on the audio clock as soon as its module is here: it counts as playing at once.
    const ownPlays = ownTrackPlaying(own);
    if (!ownPlays && (player.currentIndex === null || player.intent !== 'play')) {
      trackPlayed = false;
      stopJoining();
    } else if ((ownPlays || player.status === 'playing') && !trackPlayed) {
      const nodes = bus.current();
      if (joining && joining.ctx !== nodes?.ctx) stopJoining();
      if (!nodes) trackPlayed = true;
      else if (!joining) {
        // A cancelled wait never calls back: `joining` is replaced only through stopJoining.
        joining = {
          ctx: nodes.ctx,
          cancel: afterAudioClock(nodes.ctx, nodes.input, JOIN_AFTER_S, () => {
            joining = undefined;
            trackPlayed = true;
            reconcile();
          }),
        };
      }
    }
    return trackPlayed ? mix.layers : [];
  };

  const release = (sound: string) => {
    stopDrift.get(sound)?.();
    stopDrift.delete(sound);
    voices.get(sound)?.release();
    voices.delete(sound);
  };

  const applyDrift = (force: boolean) => {
    const key = `${mix.alive}:${mix.seed}`;
    if (!force && key === driftKey) return;
    driftKey = key;
    for (const [sound, voice] of voices) {
      stopDrift.get(sound)?.();
      stopDrift.set(sound, drift(voice, mix));
    }
  };

  const reconcile = () => {
    const want = wanted();
    const nodes = bus.current();
    for (const [sound, voice] of voices) {
      if (!want.some((layer) => layer.sound === sound) || voice.nodes !== nodes) release(sound);
    }
    // A sound taken out of the mix leaves no file behind.
    for (const sound of files.keys()) if (!mix.layers.some((layer) => layer.sound === sound)) forgetFile(sound);
    if (want.length === 0) {
      bus.hold(HOLDER, false);
      onResident();
      return;
    }
    let opened: BusNodes | undefined = nodes;
    let added = false;
    for (const layer of want) {
      const voice = voices.get(layer.sound);
      if (voice) {
        voice.setLevel(layer.level);
        continue;
      }
      if (!added) {
        // Inside the tap (the store changed in its handler): resumes the context and the output element.
        try {
          opened = bus.open();
        } catch (error) {
          reportError(error, 'Lull: could not create an AudioContext:');
        }
        if (!opened) return;
        bus.hold(HOLDER, true);
        added = true;
      }
      voices.set(layer.sound, createLayerVoice({ nodes: opened!, runtime: deps.runtime, sound: layer.sound, level: layer.level, readFile, openOwnSound, onResident }));
    }
    applyDrift(added);
  };

  const unsubscribers = [subscribe(mix, reconcile), subscribe(player, reconcile), subscribe(own, reconcile), bus.onReplaced(reconcile)];
  reconcile();

  return {
    get residentBytes() {
      return residentBytes();
    },
    get playing() {
      return mix.layers.filter((layer) => voices.has(layer.sound)).map((layer) => layer.sound);
    },
    dispose() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      stopJoining();
      for (const sound of [...voices.keys()]) release(sound);
      for (const sound of [...files.keys()]) forgetFile(sound);
      bus.hold(HOLDER, false);
    },
  };
}

let shared: LayerEngine | undefined;

/** Created once by startApp(), with the app's bus. */
export function startLayerEngine(bus: AudioBus, runtime: LayerRuntime, sources?: PlaybackSourceService): LayerEngine {
  shared ??= createLayerEngine({
    bus,
    runtime,
    readSaved: (sound) => sources?.readSavedFile?.(sound, sound.url) ?? Promise.resolve(null),
  });
  return shared;
}
