/** Brown noise on the audio thread (leaky integrator + DC blocker, worklets/dsp/brown.ts). */
import { noiseProcessorFor } from './noise-generator.ts';
import { NOISE_PROCESSOR_NAMES } from '../dsp/noise.ts';

registerProcessor(NOISE_PROCESSOR_NAMES.brown, noiseProcessorFor('brown'));
