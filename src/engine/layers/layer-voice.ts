/**
 * One layer of the mix playing (issue 23): its source (a noise from noise-sources.ts, a soundscape
 * as a windowed loop voice, loop-voice.ts, or the listener's own sound, own-sound-voice.ts) → its level gain (the slider × the catalogue volume) →
 * its drift gain (alive mixes) → the bus. Start and stop are short ramps; a released voice frees its
 * source after its fade-out, and one released before its source arrived never plays.
 */
import { soundscapes } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { layerSoundIndex } from '../../stores/mix-layers';
import { isNoiseColour, type NoiseColour } from '../../stores/noise-store';
import { ownLayerId } from '../../stores/own-layers';
import type { OwnSoundSource } from '../own-sound/own-sound-voice';
import type { fadeIn, fadeOut, ramp } from '../level-ramp';
import type { loadLoopWindows } from '../soundscape/load-loop-windows';
import type { LoopVoice } from '../soundscape/loop-voice';

/**
 * What the layers use from the modules the first load already has, handed in by startApp() rather
 * than imported: an import would split those modules out of the main chunk (≈ 1 KB gzip more at first load).
 */
export interface LayerRuntime {
  /** level-ramp.ts: the graph's one way to move a level, start a source and stop it. */
  ramp: typeof ramp;
  fadeIn: typeof fadeIn;
  fadeOut: typeof fadeOut;
  loadLoopWindows: typeof loadLoopWindows;
}

/** Where a layer plays: any context (a render too, tests/render), and the bus's input (the master gain). */
export interface LayerTarget {
  readonly ctx: BaseAudioContext;
  readonly input: AudioNode;
}

export interface LayerVoiceDeps {
  nodes: LayerTarget;
  runtime: LayerRuntime;
  sound: string;
  level: number;
  /** The soundscape's compressed file (shared while the sound stays in the mix). */
  readFile(sound: string): Promise<Uint8Array>;
  /** The decoded windows held changed. */
  onResident?: () => void;
  /** A soundscape's walk seed (a new one each start unless given: an offline render gives one). */
  seed?: number;
  /** An own sound's stored chunks (issue 41), or null when this device does not hold it. */
  openOwnSound(id: string): Promise<OwnSoundSource | null>;
}

export interface LayerVoice {
  readonly sound: string;
  readonly nodes: LayerTarget;
  /** After the level, before the bus: the alive drift schedules its ramps here. */
  readonly drift: GainNode;
  setLevel(level: number): void;
  release(): void;
  /** Decoded bytes held (a soundscape's windows; a noise's buffers are not counted: white's is 0.7 MB at most). */
  readonly residentBytes: number;
}

/** An own sound's first chunk is scheduled this far ahead, so it starts on a frame of its own choosing. */
const START_LEAD_S = 0.1;

interface Playing {
  /** Stops at `at` (after the fade-out), on the audio clock. */
  stop(at: number): void;
  /** Frees what is left once the fade-out is over. */
  dispose(): void;
  readonly residentBytes: number;
}

export function createLayerVoice(deps: LayerVoiceDeps): LayerVoice {
  const { nodes, sound } = deps;
  const { ramp, fadeIn, fadeOut, loadLoopWindows } = deps.runtime;
  const { ctx } = nodes;
  const index = layerSoundIndex(sound);
  // A soundscape at 100 % is as loud as it plays as the track (its catalogue volume).
  const scale = index === undefined ? 1 : (soundscapes[index]?.volume ?? 1);
  const levelGain = ctx.createGain();
  levelGain.gain.value = 0;
  const drift = ctx.createGain();
  levelGain.connect(drift);
  drift.connect(nodes.input);
  let level = deps.level;
  let playing: Playing | null = null;
  let released = false;

  const fadeInAt = (at: number) => fadeIn(levelGain.gain, ctx, level * scale, at);

  const startNoise = async (colour: NoiseColour) => {
    // Loaded at the first noise (the first load's budget, issue 24).
    const { createNoiseSource } = await import('../noise/noise-sources');
    const source = await createNoiseSource(ctx, colour);
    if (released) return source.dispose();
    source.node.connect(levelGain);
    source.start();
    playing = { stop: () => undefined, dispose: () => source.dispose(), residentBytes: 0 };
    fadeInAt(ctx.currentTime);
  };

  const startSoundscape = async () => {
    const [file, windows] = await Promise.all([deps.readFile(sound), loadLoopWindows()]);
    if (released) return;
    const voice: LoopVoice = windows.createLoopVoice({
      ctx,
      output: levelGain,
      // Its windows play straight into the level gain, which fades the layer in and out: no gain of its own.
      gain: levelGain,
      file,
      layout: windows.parseMp3Layout(file),
      seed: deps.seed,
      onResident: deps.onResident,
      onError: (error) => reportError(error, `Lull: the layer ${sound} could not be decoded:`),
    });
    playing = { stop: (at) => voice.stop(at), dispose: () => undefined, get residentBytes() { return voice.residentBytes; } };
    // Every layer starts at the loop's top: one clock, and a mix sounds the same each time.
    const at = await voice.start(() => 0);
    if (at === null || released) return;
    fadeInAt(at);
  };

  /** The listener's own sound: already loudness-matched at import, so at 100 % it plays as it does as the track. */
  const startOwnSound = async (id: string) => {
    const [source, { startOwnSoundVoice }] = await Promise.all([deps.openOwnSound(id), import('../own-sound/own-sound-voice')]);
    if (released) return;
    if (!source) throw new Error(`own sound ${id} is not on this device`);
    const at = ctx.currentTime + START_LEAD_S;
    const voice = startOwnSoundVoice({
      ctx,
      output: levelGain,
      source,
      at,
      onFailed: (error) => reportError(error, `Lull: the layer ${sound} stopped:`),
    });
    playing = { stop: (stopAt) => voice.stop(stopAt), dispose: () => undefined, get residentBytes() { return voice.residentBytes; } };
    fadeInAt(at);
    deps.onResident?.();
  };

  const ownId = ownLayerId(sound);
  const start = isNoiseColour(sound) ? startNoise(sound) : ownId !== undefined ? startOwnSound(ownId) : startSoundscape();
  start.catch((error: unknown) => {
    if (!released) reportError(error, `Lull: the layer ${sound} failed to start:`);
  });

  return {
    sound,
    nodes,
    drift,
    setLevel(next) {
      if (next === level) return;
      level = next;
      // Before its source plays the start ramp reads `level`; after, the level follows the slider.
      if (playing) ramp(levelGain.gain, ctx, level * scale);
    },
    release() {
      if (released) return;
      released = true;
      const silentAt = fadeOut(levelGain.gain, ctx);
      playing?.stop(silentAt);
      // Freed after its own ramp whatever happens next: a quick Play must not keep it running.
      setTimeout(() => {
        playing?.dispose();
        levelGain.disconnect();
        drift.disconnect();
        deps.onResident?.();
      }, (silentAt - ctx.currentTime) * 1000 + 30);
    },
    get residentBytes() {
      return playing?.residentBytes ?? 0;
    },
  };
}
