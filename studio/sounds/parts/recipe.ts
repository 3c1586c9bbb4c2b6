/** Helpers shared by the nature/ambient recipes. */
import { STUDIO_SAMPLE_RATE, type RenderedAudio, type SoundRecipe } from '../../contract.ts';
import type { Stereo } from '../../dsp/loop.ts';

export function loopRecipe(index: number, version: number, render: () => Stereo, credits?: readonly string[]): SoundRecipe {
  return {
    index,
    form: 'loop',
    version,
    render: (): RenderedAudio => ({ sampleRate: STUDIO_SAMPLE_RATE, channels: render() }),
    ...(credits ? { credits } : {}),
  };
}
