/** Helpers shared by the nature/ambient recipes. */
import { STUDIO_SAMPLE_RATE, type RenderedAudio, type SoundRecipe } from '../../contract.ts';
import { Biquad, DcBlocker } from '../../dsp/filters.ts';
import { filterCircular, type Stereo } from '../../dsp/loop.ts';

/**
 * A loop recipe: renders, then removes DC and content above ~15 kHz circularly (events such as enveloped sine bursts
 * carry a little DC; the audit wants |DC| < 0.001 and the seam must stay seamless).
 */
export function loopRecipe(index: number, version: number, render: () => Stereo, credits?: readonly string[]): SoundRecipe {
  return {
    index,
    form: 'loop',
    version,
    render: (): RenderedAudio => {
      const out = render();
      for (const c of out) {
        const dc = new DcBlocker(6);
        // Nothing useful lives above ~15 kHz in these beds; LAME would cut it anyway, which
        // would shift loudness after encoding and spend bits on noise.
        const lp = new Biquad().lowpass(15000, 0.6);
        filterCircular(c, (x) => lp.process(dc.process(x)));
      }
      return { sampleRate: STUDIO_SAMPLE_RATE, channels: out };
    },
    ...(credits ? { credits } : {}),
  };
}
