/**
 * Van den Doel's single-bubble model ("Physically based models for liquid sounds"):
 * f0 = 3 / r Hz, damping d = 0.13 / r + 0.0072 r^-1.5 (1/s), pitch rising as f0 (1 + ξ d t),
 * amplitude growing with r^1.5. Rendered as a wrap-around event into a stereo loop.
 */
import { SR, addEvent, panGains, type Stereo } from '../../dsp/loop.ts';

export interface Bubble {
  /** Radius in metres (1 mm ≈ 3 kHz, 10 mm ≈ 300 Hz). */
  readonly r: number;
  /** Depth/loudness factor (multiplies r^1.5 scaled to ~1 at r = 5 mm). */
  readonly amp: number;
  readonly pan: number;
  /** Pitch rise ξ (0.1 typical). */
  readonly xi?: number;
}

export function bubbleFreq(r: number): number {
  return 3 / r;
}

export function addBubble(out: Stereo, t0: number, b: Bubble): void {
  const f0 = bubbleFreq(b.r);
  const d = 0.13 / b.r + 0.0072 * Math.pow(b.r, -1.5);
  const sigma = (b.xi ?? 0.1) * d;
  const a = b.amp * Math.pow(b.r / 0.005, 1.5);
  const len = Math.min(Math.ceil((6.9 / d) * SR), SR * 2);
  const [gl, gr] = panGains(b.pan);
  const decay = Math.exp(-d / SR);
  let env = a;
  let phase = 0;
  const w0 = (2 * Math.PI * f0) / SR;
  // A 1 ms attack: real bubbles start at zero amplitude as the cavity closes.
  const att = 0.001 * SR;
  addEvent(out, t0, len, gl, gr, (k) => {
    phase += w0 * (1 + (sigma * k) / SR);
    env *= decay;
    return env * Math.sin(phase) * (k < att ? k / att : 1);
  });
}
