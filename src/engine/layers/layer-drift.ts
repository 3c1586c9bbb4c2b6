/**
 * Alive mixes (issue 23): each layer's drift gain follows the drift kernel's slow walk (±3 dB over
 * minutes) as linear ramps scheduled on the audio clock, twenty minutes ahead and planned again
 * halfway; a mix that is not alive holds it at 1. The walk is seeded by the mix and the layer's sound.
 */
import { driftPoints } from '../../../worklets/dsp/drift';
import type { MixState } from '../../stores/mix-store';
import type { LayerVoice } from './layer-voice';

const AHEAD_S = 20 * 60;
const STILL_TIME_CONSTANT_S = 0.5;

/** FNV-1a of the sound's name: the same layer drifts the same way in any place of the mix. */
function soundHash(sound: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < sound.length; i++) hash = Math.imul(hash ^ sound.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Schedules `voice`'s drift; returns the function that stops planning it. */
export function scheduleDrift(voice: LayerVoice, mix: Readonly<Pick<MixState, 'alive' | 'seed'>>): () => void {
  const { ctx } = voice.nodes;
  const param = voice.drift.gain;
  const { alive, seed } = mix;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plan = () => {
    const now = ctx.currentTime;
    param.cancelScheduledValues(now);
    if (!alive) {
      param.setTargetAtTime(1, now, STILL_TIME_CONSTANT_S);
      return;
    }
    // From where the gain is now, then along the walk.
    param.setValueAtTime(param.value, now);
    for (const point of driftPoints(seed, soundHash(voice.sound), now, now + AHEAD_S)) if (point.at > now) param.linearRampToValueAtTime(point.gain, point.at);
    timer = setTimeout(plan, (AHEAD_S / 2) * 1000);
  };
  plan();
  return () => clearTimeout(timer);
}
