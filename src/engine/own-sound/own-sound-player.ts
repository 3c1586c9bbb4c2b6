/**
 * A listener's own sound as the track (issue 41): its stored 16-bit chunks (src/lib/own-sound-pcm.ts) scheduled
 * back to back on the audio clock, each chunk read and turned into a buffer only a few seconds before it sounds,
 * so a 20-minute recording holds at most three 5 s chunks decoded (under 6 MB for stereo). The stored loop is
 * exactly periodic (the import crossfaded its end into its start), so chunk after chunk, and the last into the
 * first, join on the sample. Starting one pauses the catalogue's track; a catalogue track starting stops it.
 */
import { subscribe } from 'valtio/vanilla';
import { int16ToChannels, resampleChunk, resampleStart, type ResampleState } from '../../lib/own-sound-pcm';
import { pausePlayback, playerStore, type PlayerState } from '../../stores/player-store';
import type { AudioBus } from '../audio-bus';
import { fadeIn, fadeOut } from '../level-ramp';

/** What the player reads of a stored sound; the own-sounds feature provides `readChunk` over its database. */
export interface OwnSoundSource {
  readonly id: string;
  readonly sampleRate: number;
  readonly channels: number;
  readonly chunkFrames: number;
  readonly chunkCount: number;
  readonly frames: number;
  readChunk(index: number): Promise<ArrayBuffer>;
}

export type OwnSoundStop = { readonly reason: 'stopped' } | { readonly reason: 'failed'; readonly error: unknown };

export interface OwnSoundPlayer {
  /** Call inside the tap: the context resumes there. */
  play(source: OwnSoundSource, onStopped: (stop: OwnSoundStop) => void): void;
  stop(): void;
}

/** How far ahead chunks are scheduled: more than a chunk, so a slow read never leaves the clock without sound. */
const AHEAD_S = 8;
const START_LEAD_S = 0.1;
const HOLDER = 'own-sound';

interface Playing {
  readonly source: OwnSoundSource;
  readonly ctx: AudioContext;
  readonly gain: GainNode;
  readonly onStopped: (stop: OwnSoundStop) => void;
  readonly voices: Set<AudioBufferSourceNode>;
  next: number;
  /** Where the next chunk starts, in context frames (a whole number: chunks meet on a frame). */
  atFrame: number;
  /** A context at another rate than the stored 48 kHz: one continuous resample over the chunks in playing order. */
  readonly resample: ResampleState | null;
  reading: boolean;
  timer: ReturnType<typeof setInterval>;
}

export function createOwnSoundPlayer(bus: AudioBus, store: PlayerState = playerStore): OwnSoundPlayer {
  let playing: Playing | null = null;

  const end = (stop: OwnSoundStop) => {
    const current = playing;
    if (!current) return;
    playing = null;
    clearInterval(current.timer);
    const silentAt = fadeOut(current.gain.gain, current.ctx);
    for (const voice of current.voices) voice.stop(silentAt);
    setTimeout(() => current.gain.disconnect(), 1000 * (silentAt - current.ctx.currentTime) + 50);
    bus.hold(HOLDER, false);
    current.onStopped(stop);
  };

  const schedule = async (current: Playing): Promise<void> => {
    const { ctx, source } = current;
    const rate = ctx.sampleRate;
    while (playing === current && current.atFrame / rate - ctx.currentTime < AHEAD_S) {
      current.reading = true;
      const index = current.next;
      const pcm = new Int16Array(await source.readChunk(index));
      if (playing !== current) return;
      const stored = Array.from({ length: source.channels }, () => new Float32Array(Math.floor(pcm.length / source.channels)));
      int16ToChannels(pcm, stored);
      const channels: Float32Array<ArrayBuffer>[] = current.resample ? resampleChunk(stored, source.sampleRate, rate, current.resample) : stored;
      const frames = channels[0]?.length ?? 0;
      const buffer = new AudioBuffer({ length: Math.max(1, frames), numberOfChannels: source.channels, sampleRate: rate });
      channels.forEach((channel, c) => buffer.copyToChannel(channel, c));
      const voice = new AudioBufferSourceNode(ctx, { buffer });
      voice.connect(current.gain);
      // A read that came too late starts at once (a gap, but never a chunk cut short).
      const atFrame = Math.max(current.atFrame, Math.ceil(ctx.currentTime * rate));
      voice.start(atFrame / rate);
      current.voices.add(voice);
      voice.addEventListener('ended', () => {
        current.voices.delete(voice);
        voice.disconnect();
        if (playing === current && !current.reading) void pump(current);
      });
      current.atFrame = atFrame + frames;
      current.next = (index + 1) % source.chunkCount;
    }
    current.reading = false;
  };

  const pump = (current: Playing): Promise<void> =>
    schedule(current).catch((error: unknown) => {
      if (playing === current) end({ reason: 'failed', error });
    });

  // The catalogue's track starting (a tap, a playlist, the lock screen) takes the place of an own sound.
  subscribe(store, () => {
    if (playing && store.intent === 'play') end({ reason: 'stopped' });
  });
  bus.onReplaced(() => end({ reason: 'stopped' }));

  return {
    play(source, onStopped) {
      end({ reason: 'stopped' });
      if (store.intent === 'play') pausePlayback(store);
      const nodes = bus.open();
      if (!nodes) {
        onStopped({ reason: 'failed', error: new Error('Web Audio is not available') });
        return;
      }
      const { ctx } = nodes;
      bus.hold(HOLDER, true);
      const gain = ctx.createGain();
      gain.connect(nodes.input);
      const atFrame = Math.ceil((ctx.currentTime + START_LEAD_S) * ctx.sampleRate);
      fadeIn(gain.gain, ctx, 1, atFrame / ctx.sampleRate);
      // A pump once a second besides each chunk's end (a throttled tab still runs it: an audible page is exempt).
      const current: Playing = {
        source, ctx, gain, onStopped, voices: new Set(), next: 0, atFrame, reading: false,
        resample: ctx.sampleRate === source.sampleRate ? null : resampleStart(source.channels),
        timer: setInterval(() => {
          if (playing === current && !current.reading) void pump(current);
        }, 1000),
      };
      playing = current;
      void pump(current);
    },
    stop: () => end({ reason: 'stopped' }),
  };
}

let shared: OwnSoundPlayer | undefined;

/** Created once by startApp(), with the app's bus. */
export function startOwnSoundPlayer(bus: AudioBus): OwnSoundPlayer {
  shared ??= createOwnSoundPlayer(bus);
  return shared;
}

/** Call from the click handler itself: the context must be resumed inside the user's gesture. */
export const playOwnSound = (source: OwnSoundSource, onStopped: (stop: OwnSoundStop) => void): void => {
  if (shared) shared.play(source, onStopped);
  else onStopped({ reason: 'failed', error: new Error('the player has not started') });
};
export const stopOwnSound = (): void => shared?.stop();
