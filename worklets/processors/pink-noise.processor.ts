/** Pink noise on the audio thread (Paul Kellet's refined filter, worklets/dsp/pink.ts). */
import { noiseProcessorFor } from './noise-generator.ts';
import { NOISE_PROCESSOR_NAMES } from '../dsp/noise.ts';

registerProcessor(NOISE_PROCESSOR_NAMES.pink, noiseProcessorFor('pink'));
