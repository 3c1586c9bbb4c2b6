/**
 * A listener's own sound, stored as the import stores it and played by the player's own voice, rendered offline
 * (issue 41): a loop made here (seeded low-passed stereo noise, exactly periodic) goes through the import worker's
 * Opus encoding (src/workers/own-sound-opus-encode.ts, run in the page: WebCodecs is the same there), and the voice
 * (src/engine/own-sound/own-sound-voice.ts) plays the chunks from memory into an OfflineAudioContext at 48 kHz.
 * The render is compared with the loop frame for frame: a chunk decoded even one frame off its place reads as an
 * error as loud as the signal (neighbouring frames of this noise differ by half its level).
 */
import { startOwnSoundVoice, type OwnSoundSource } from '../../src/engine/own-sound/own-sound-voice';
import { createOwnSoundWalk } from '../../src/engine/own-sound/own-sound-walk';
import { chooseSegments, CROSSFADE_SAMPLES } from '../../measure/segments';
import { int16Chunk, OWN_CHUNK_FRAMES, OWN_SAMPLE_RATE } from '../../src/lib/own-sound-pcm';
import { encodeOwnSoundOpus } from '../../src/workers/own-sound-opus-encode';
import { macrotask, renderInChunks } from './render-clock';
import { wholeOf } from './render-measure';
import type { OwnSoundRender, OwnSoundRenderOptions } from '../e2e/render-api';

const RATE = OWN_SAMPLE_RATE;
const BLOCK = RATE / 10;
/** Shifts tried (frames each way) to find where each block of the render sits on the loop. */
const LAG = 4;
/** The voice's first chunk starts here (render time). */
const START_S = 0.1;

/** Seeded low-passed noise, one channel each, exactly periodic: the filter runs round the loop twice and keeps its second turn. */
function seededLoop(frames: number): Float32Array[] {
  let state = 11;
  return [0, 1].map(() => {
    const white = Float32Array.from({ length: frames }, () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32 - 0.5));
    const x = new Float32Array(frames);
    let y = 0;
    for (let turn = 0; turn < 2; turn++) {
      for (let i = 0; i < frames; i++) {
        y = 0.7 * y + 0.3 * white[i]!;
        x[i] = y;
      }
    }
    return x;
  });
}

/** The walk the voice should play, mixed from the loop as stored before coding (the same walk module, over exact samples). */
async function walkedStream(loop: Float32Array[], segments: { starts: number[]; crossfade: number }, seed: number, frames: number): Promise<Float32Array[]> {
  const n = loop[0]!.length;
  const walk = createOwnSoundWalk({ ...segments, loopFrames: n, channels: 2, pieceFrames: OWN_CHUNK_FRAMES, seed, readLoop: async (from, count) => loop.map((x) => Float32Array.from({ length: count }, (_, k) => x[(from + k) % n]!)) });
  const out = [new Float32Array(frames), new Float32Array(frames)];
  for (let i = 0; i * OWN_CHUNK_FRAMES < frames; i++) {
    const piece = await walk.piece(i);
    out.forEach((y, c) => y.set(piece[c]!.subarray(0, Math.min(OWN_CHUNK_FRAMES, frames - i * OWN_CHUNK_FRAMES)), i * OWN_CHUNK_FRAMES));
  }
  return out;
}

/** Where the voice has scheduled sound up to (render time), read from every buffer source it starts on `ctx`. */
function watchScheduled(ctx: BaseAudioContext): { readonly until: number; restore(): void } {
  const start = AudioBufferSourceNode.prototype.start;
  let until = 0;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, when = 0, offset?: number, duration?: number) {
    if (this.context === ctx) until = Math.max(until, when + (this.buffer?.duration ?? 0));
    start.call(this, when, offset, duration);
  };
  return {
    get until() {
      return until;
    },
    restore: () => (AudioBufferSourceNode.prototype.start = start),
  };
}

export async function renderOwnSound({ loopSeconds, seconds, delayError = 0, walkSeed }: OwnSoundRenderOptions): Promise<OwnSoundRender> {
  const began = performance.now();
  const frames = Math.round(loopSeconds * RATE);
  const loop = seededLoop(frames);
  const opus = await encodeOwnSoundOpus(loop, OWN_CHUNK_FRAMES, () => undefined);
  const chunks = opus?.chunks ?? Array.from({ length: Math.ceil(frames / OWN_CHUNK_FRAMES) }, (_, i) => int16Chunk(loop, i * OWN_CHUNK_FRAMES, Math.min(frames, (i + 1) * OWN_CHUNK_FRAMES)).buffer as ArrayBuffer);
  let source: OwnSoundSource = {
    id: 'render',
    sampleRate: RATE,
    channels: 2,
    chunkFrames: OWN_CHUNK_FRAMES,
    chunkCount: chunks.length,
    frames,
    readChunk: async (index) => chunks[index]!,
    ...(opus ? { opus: { ...opus.storage, delay: opus.storage.delay + delayError } } : {}),
  };
  // Walked: its segments chosen as the import worker chooses them (the studio's chooser), in the order of `walkSeed`.
  const segments = walkSeed === undefined ? undefined : { starts: chooseSegments(loop[0]!, loop[1]!).starts, crossfade: CROSSFADE_SAMPLES };
  if (segments) source = { ...source, segments };
  // What should be heard: the loop as stored before coding (walked, if it walks), frame for frame from the start.
  const heard = seconds * RATE;
  const expected = segments ? await walkedStream(loop, segments, walkSeed!, heard) : loop.map((x) => Float32Array.from({ length: heard }, (_, i) => x[i % frames]!));
  const ctx = new OfflineAudioContext(2, Math.round(seconds * RATE), RATE);
  const scheduled = watchScheduled(ctx);
  let failed: unknown = null;
  try {
    const voice = startOwnSoundVoice({ ctx, output: ctx.destination, source, at: START_S, ...(walkSeed === undefined ? {} : { seed: walkSeed }), onFailed: (error) => (failed = error) });
    // At every second of render time, the page's work (a chunk read and decoded) runs until the voice has scheduled
    // 5 s ahead, as it does on a live clock that waits for nobody.
    const keepUp = async () => {
      const wanted = Math.min(ctx.currentTime + 5, seconds);
      const deadline = performance.now() + 10_000;
      while (scheduled.until < wanted && failed === null) {
        if (performance.now() > deadline) throw new Error(`the voice fell behind at ${ctx.currentTime.toFixed(2)} s: sound scheduled until ${scheduled.until.toFixed(2)} s`);
        await macrotask();
      }
      if (failed !== null) throw failed;
    };
    await keepUp();
    const rendered = await renderInChunks(ctx, (now) => now + 1, keepUp);
    voice.stop(ctx.currentTime);
    const channels = [rendered.getChannelData(0), rendered.getChannelData(1)];
    const at = Math.round(START_S * RATE);
    // Per 100 ms block: the error at the frame it should be on, and the shift (±4 frames) that matches best.
    let worst = { snr: Infinity, at: 0 };
    const offPlace: number[] = [];
    for (let from = at + LAG; from + BLOCK + LAG <= channels[0]!.length; from += BLOCK) {
      const errors = Array.from({ length: 2 * LAG + 1 }, (_, k) => {
        let error = 0;
        channels.forEach((x, c) => {
          for (let i = from; i < from + BLOCK; i++) error += (x[i + k - LAG]! - expected[c]![i - at]!) ** 2;
        });
        return error;
      });
      let signal = 0;
      for (const c of [0, 1]) for (let i = from; i < from + BLOCK; i++) signal += expected[c]![i - at]! ** 2;
      const snr = 10 * Math.log10(signal / Math.max(errors[LAG]!, 1e-20));
      if (snr < worst.snr) worst = { snr, at: from / RATE };
      const best = errors.indexOf(Math.min(...errors)) - LAG;
      if (best !== 0) offPlace.push(Math.round((from / RATE) * 10) / 10);
    }
    // The pieces' joins (chunk after chunk, or the walk's pieces of a chunk's length), and the walk's own crossfades.
    const joins: number[] = [];
    for (let t = START_S, i = 0; t < seconds; i++) {
      t += (segments ? OWN_CHUNK_FRAMES : Math.min(OWN_CHUNK_FRAMES, frames - (i % chunks.length) * OWN_CHUNK_FRAMES)) / RATE;
      if (t < seconds) joins.push(Math.round(t * 1000) / 1000);
    }
    const whole = wholeOf(channels, RATE, at);
    const storedBytes = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    return {
      stored: opus ? 'opus' : 'pcm',
      segments: segments?.starts.length ?? 0,
      delay: opus?.storage.delay ?? 0,
      storedBytesPerMinute: storedBytes / (loopSeconds / 60),
      joins,
      worstSnrDb: worst.snr,
      worstSnrAt: worst.at,
      offPlace,
      longestSilenceMs: whole.longestSilenceMs,
      maxJumpRatio: whole.maxJumpRatio,
      renderMs: performance.now() - began,
    };
  } finally {
    scheduled.restore();
  }
}
