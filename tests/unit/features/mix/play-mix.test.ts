import { describe, expect, it } from 'vitest';
import { planMix, type MixPlaces } from '../../../../src/features/mix/play-mix';

const indices: Record<string, number> = { ocean: 0, rain: 2, fire: 5, chill: 15 };
const places = (saved: number[] | 'online'): MixPlaces => ({
  trackIndex: (slug) => indices[slug],
  layerIndex: (slug) => (slug === 'chill' ? undefined : indices[slug]),
  available: (index) => saved === 'online' || saved.includes(index),
});
const mix = { sound: 'chill', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'fire', level: 0.3 }, { sound: 'brown', level: 0.2 }] };

describe('what of a mix plays', () => {
  it('online: everything', () => {
    expect(planMix(mix, places('online'))).toEqual({ trackIndex: 15, layers: mix.layers, unavailable: [] });
  });

  it('offline: the saved sounds and the noise play; the others are listed, never dropped silently', () => {
    expect(planMix(mix, places([15, 5]))).toEqual({ trackIndex: 15, layers: [{ sound: 'fire', level: 0.3 }, { sound: 'brown', level: 0.2 }], unavailable: ['rain'] });
  });

  it('offline without the track: a noise plays alone, the soundscapes are listed', () => {
    expect(planMix(mix, places([5]))).toEqual({ layers: [], noiseAlone: { colour: 'brown', level: 0.2 }, unavailable: ['chill', 'rain', 'fire'] });
    expect(planMix({ sound: 'chill', layers: [{ sound: 'fire', level: 0.3 }] }, places([5]))).toEqual({ layers: [], unavailable: ['chill', 'fire'] });
  });

  it('a sound this catalogue does not know is listed too', () => {
    expect(planMix({ sound: 'thunder', layers: [{ sound: 'hail', level: 0.3 }] }, places('online')).unavailable).toEqual(['thunder', 'hail']);
  });
});
