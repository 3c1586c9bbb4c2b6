/**
 * "Heard" at the OS: a private PulseAudio daemon with one null sink, and a recorder of its monitor.
 * Browsers started with `pulseEnv(pulse)` play into the sink; what they really output is measured
 * from the monitor (an element that "plays" silence shows as silence here, unlike any page-side flag).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { floatWav } from '../e2e/audio-files';

export const SAMPLE_RATE = 48_000;
const CHANNELS = 2;
const BYTES_PER_FRAME = 4 * CHANNELS;

export interface Pulse {
  dir: string;
  server: string;
  stop(): void;
}

/** Starts a daemon that only this run uses (no default.pa, anonymous socket in a temp dir). */
export function startPulse(): Pulse {
  const dir = mkdtempSync(join(tmpdir(), 'lull-pulse-'));
  const socket = join(dir, 'pulse.sock');
  const env = { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir, XDG_CONFIG_HOME: dir, PULSE_RUNTIME_PATH: dir, PULSE_STATE_PATH: dir };
  execFileSync(
    'pulseaudio',
    ['-n', '-D', '--exit-idle-time=-1', '-L', `module-native-protocol-unix socket=${socket} auth-anonymous=1`, '-L', 'module-null-sink sink_name=lull rate=48000'],
    { env, stdio: 'pipe' },
  );
  const server = `unix:${socket}`;
  execFileSync('pactl', ['set-default-sink', 'lull'], { env: { ...process.env, PULSE_SERVER: server } });
  keepServerRealtime(dir);
  return {
    dir,
    server,
    stop() {
      try {
        execFileSync('pactl', ['exit'], { env: { ...process.env, PULSE_SERVER: server }, stdio: 'ignore' });
      } catch {
        // Already gone.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The daemon's main thread at SCHED_RR, below its sink's IO thread (5) and the browsers' audio threads (8-10). */
const SERVER_RT_PRIORITY = '4';

/**
 * The daemon is the harness's instrument, so it must not be what runs late. Its sink's IO thread runs realtime (RR 5)
 * but its main thread, which takes each client's audio off the socket and hands it to that thread, runs at nice -11:
 * with the browser and another job busy on the two cores it waited 54 ms at once, and Firefox's stream ran dry (7.8 ms
 * of exact zeros at the OS, 45.8 s into Ocean's minute, while every audio thread of Firefox's ran without waiting).
 * As root the main thread runs SCHED_RR; elsewhere, or with `LULL_AUDIO_RT=0`, it is left as it is.
 */
function keepServerRealtime(dir: string): void {
  if (process.getuid?.() !== 0 || process.env.LULL_AUDIO_RT === '0') return;
  const pid = readFileSync(join(dir, 'pid'), 'utf8').trim();
  execFileSync('chrt', ['-r', '-p', SERVER_RT_PRIORITY, pid]);
}

/** The environment a browser needs to play into this daemon. */
export const pulseEnv = (pulse: Pulse): NodeJS.ProcessEnv => ({ ...process.env, PULSE_SERVER: pulse.server });

/**
 * One parec for a whole engine's run: samples arrive with 20 ms latency; `mark()` and `since()`
 * cut windows out of the stream, so a step records only while it listens.
 */
export class Recorder {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private dropped = 0;
  private readonly child: ChildProcess;
  /** Resolves on the first samples: parec takes 1–2 s to connect on a busy machine. */
  readonly ready: Promise<void>;

  constructor(pulse: Pulse) {
    this.child = spawn('parec', ['-d', 'lull.monitor', '--format=float32le', `--rate=${SAMPLE_RATE}`, `--channels=${CHANNELS}`, '--latency-msec=20', '--raw'], {
      env: pulseEnv(pulse),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.stdout!.once('data', () => resolve());
      this.child.once('exit', (code) => reject(new Error(`parec exited (${code}) before recording anything`)));
    });
    this.child.stdout!.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.bytes += chunk.length;
    });
  }

  /** Position in the stream now (bytes since the recorder started). */
  mark(): number {
    return this.bytes;
  }

  /** Mono mix (mean of L and R) of everything recorded since `from`; older data is dropped. */
  since(from: number): Float32Array {
    const all = Buffer.concat(this.chunks);
    const start = Math.max(0, from - this.dropped);
    const usable = all.subarray(start - (start % BYTES_PER_FRAME));
    const frames = Math.floor(usable.length / BYTES_PER_FRAME);
    const mono = new Float32Array(frames);
    for (let i = 0; i < frames; i++) mono[i] = (usable.readFloatLE(i * BYTES_PER_FRAME) + usable.readFloatLE(i * BYTES_PER_FRAME + 4)) / 2;
    this.chunks = [all.subarray(start)];
    this.dropped += start;
    return mono;
  }

  /** Records for `ms` from now. */
  async listen(ms: number): Promise<Float32Array> {
    const from = this.mark();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.since(from);
  }

  stop(): void {
    this.child.kill();
  }
}

export const SILENCE_DBFS = -60;
const BLOCK_MS = 5;

export interface Heard {
  /** RMS level of the whole window, dBFS (mono mix; a full-scale sine is −3 dBFS). */
  dbfs: number;
  /** Longest run of 5 ms blocks below SILENCE_DBFS, ms. */
  longestGapMs: number;
  /** Where the longest gap starts in the window, ms (−1: none). */
  gapAtMs: number;
  /** All 5 ms blocks below SILENCE_DBFS together, ms (several short dropouts add up here). */
  silentMs: number;
  seconds: number;
}

/** A mean square as dBFS (-200: nothing). */
export const dbfs = (meanSquare: number) => (meanSquare > 0 ? 10 * Math.log10(meanSquare) : -200);

const BLOCK = Math.round((SAMPLE_RATE * BLOCK_MS) / 1000);

/** Each whole 5 ms block of `samples`: where it starts and the sum of its squares. */
function* blocks(samples: Float32Array): Generator<{ start: number; sum: number }> {
  for (let start = 0; start + BLOCK <= samples.length; start += BLOCK) {
    let sum = 0;
    for (let i = start; i < start + BLOCK; i++) sum += samples[i]! * samples[i]!;
    yield { start, sum };
  }
}

const blockIsSilent = (sum: number) => dbfs(sum / BLOCK) < SILENCE_DBFS;

/** Where sound starts: the first 5 ms block above SILENCE_DBFS, in samples (-1: none). */
export function soundStartsAt(samples: Float32Array): number {
  for (const { start, sum } of blocks(samples)) if (!blockIsSilent(sum)) return start;
  return -1;
}

export function measure(samples: Float32Array): Heard {
  let total = 0;
  let run = 0;
  let longest = 0;
  let longestEnd = -1;
  let silentBlocks = 0;
  for (const { start, sum } of blocks(samples)) {
    total += sum;
    const silent = blockIsSilent(sum);
    if (silent) silentBlocks++;
    run = silent ? run + 1 : 0;
    if (run > longest) {
      longest = run;
      longestEnd = start / BLOCK + 1;
    }
  }
  const gapAtMs = longest ? (longestEnd - longest) * BLOCK_MS : -1;
  return { dbfs: dbfs(total / Math.max(1, samples.length)), longestGapMs: longest * BLOCK_MS, gapAtMs, silentMs: silentBlocks * BLOCK_MS, seconds: samples.length / SAMPLE_RATE };
}

/** Where a failed window's recording is kept. */
export const RECORDINGS_DIR = join(dirname(fileURLToPath(import.meta.url)), '.output');

/**
 * Keeps a window as heard (mono, 32-bit float WAV at SAMPLE_RATE) in RECORDINGS_DIR as `<name>.wav`, so a failure
 * can be listened to and looked at, not only read as a number. Returns the file's path.
 */
export function keepRecording(name: string, samples: Float32Array): string {
  mkdirSync(RECORDINGS_DIR, { recursive: true });
  const path = join(RECORDINGS_DIR, `${name.replace(/[^\w-]+/g, '-').toLowerCase()}.wav`);
  writeFileSync(path, floatWav(samples, SAMPLE_RATE));
  return path;
}
