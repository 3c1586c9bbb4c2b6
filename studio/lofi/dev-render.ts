/**
 * Dev tool: render lofi tracks to WAV in /tmp and print render time, loudness and peaks.
 *   npx tsx studio/lofi/dev-render.ts [name ...]      (no names: all eleven)
 * Writes /tmp/lofi/<slug>.wav (raw mix, before the studio's mastering).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { integratedLoudness, truePeakDb } from '../../measure/loudness.ts';
import { renderTrack, type RenderTiming } from './render.ts';
import { LOFI_TRACKS } from './tracks.ts';

function wav(channels: readonly [Float32Array, Float32Array], sampleRate: number): Buffer {
  const n = channels[0].length;
  const buf = Buffer.alloc(44 + n * 4);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + n * 4, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(2, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 4, 28);
  buf.writeUInt16LE(4, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(n * 4, 40);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 2; c++) {
      const v = Math.max(-1, Math.min(1, channels[c]![i]!));
      buf.writeInt16LE(Math.round(v * 32767), 44 + i * 4 + c * 2);
    }
  }
  return buf;
}

const wanted = process.argv.slice(2).map((s) => s.toLowerCase());
const tracks = LOFI_TRACKS.filter((t) => wanted.length === 0 || wanted.includes(t.name.toLowerCase()));
mkdirSync('/tmp/lofi', { recursive: true });
let total = 0;
let totalCpu = 0;
let audio = 0;
for (const t of tracks) {
  const timing: RenderTiming = { compose: 0, instruments: 0, drums: 0, treatment: 0 };
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const out = await renderTrack(t, timing);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  totalCpu += cpuSeconds;
  total += ms;
  const seconds = out.channels[0].length / out.sampleRate;
  audio += seconds;
  const lufs = integratedLoudness(out.channels);
  const tp = truePeakDb(out.channels, false);
  writeFileSync(`/tmp/lofi/${t.name.toLowerCase()}.wav`, wav(out.channels, out.sampleRate));
  console.log(
    `${t.name.padEnd(10)} ${seconds.toFixed(1)}s render ${(ms / 1000).toFixed(1)}s wall, ${cpuSeconds.toFixed(1)}s CPU (${(seconds / (ms / 1000)).toFixed(1)}x; ` +
      `synth ${(timing.instruments / 1000).toFixed(1)} drums ${(timing.drums / 1000).toFixed(1)} fx ${(timing.treatment / 1000).toFixed(1)}) ` +
      `${lufs.toFixed(1)} LUFS, TP ${tp.toFixed(1)} dBTP, PLR ${(tp - lufs).toFixed(1)} dB`,
  );
}
console.log(`total ${(total / 1000).toFixed(1)}s wall, ${totalCpu.toFixed(1)}s CPU for ${audio.toFixed(0)}s of music`);
