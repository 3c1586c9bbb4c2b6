/**
 * Prints the gains that put each noise colour at Lull's noise loudness (−26 LUFS per channel,
 * −23 LUFS for the stereo pair), from 10 minutes of each kernel at 48 kHz. Paste the result into
 * worklets/dsp/levels.ts when a kernel changes; the levels test checks the match (tests/unit/worklets/dsp/noise.test.ts).
 */
import { kWeightedLoudness, peakAbs, rms } from '../measure/analysis.ts';
import { NOISE_LOUDNESS_GAIN } from '../worklets/dsp/levels.ts';
import { createNoiseState, NOISE_SEEDS, renderNoise, type NoiseColour } from '../worklets/dsp/noise.ts';

const TARGET_PER_CHANNEL_LUFS = -23 - 10 * Math.log10(2);
const sampleRate = 48000;
const x = new Float32Array(sampleRate * 600);

for (const colour of ['white', 'pink', 'brown'] as NoiseColour[]) {
  renderNoise(createNoiseState(colour, NOISE_SEEDS[0], sampleRate), x);
  const lufs = kWeightedLoudness([x], sampleRate);
  const gain = NOISE_LOUDNESS_GAIN[colour] * Math.pow(10, (TARGET_PER_CHANNEL_LUFS - lufs) / 20);
  console.log(
    `${colour}: ${lufs.toFixed(3)} LUFS per channel, RMS ${(20 * Math.log10(rms(x))).toFixed(2)} dBFS, ` +
      `peak ${(20 * Math.log10(peakAbs(x))).toFixed(2)} dBFS; gain for ${TARGET_PER_CHANNEL_LUFS.toFixed(2)} LUFS: ${gain.toPrecision(4)}`,
  );
}
