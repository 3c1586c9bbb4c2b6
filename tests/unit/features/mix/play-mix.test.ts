import { describe, expect, it } from 'vitest';
import { planMix, type MixPlaces } from '../../../../src/features/mix/play-mix';

const indices: Record<string, number> = { ocean: 0, rain: 2, fire: 5, chill: 15 };
const places = (saved: number[] | 'online'): MixPlaces => ({
  trackIndex: (slug) => indices[slug],
  layerIndex: (slug) => (slug === 'chill' ? undefined : indices[slug]),
  available: (index) => saved === 'online' || saved.includes(index),
  ownSound: (id) => id === 'kept',
});
const mix = { sound: 'chill', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'fire', level: 0.3 }, { sound: 'brown', level: 0.2 }] };

describe('what of a mix plays', () => {
  it('online: everything', () => {
    expect(planMix(mix, places('online'))).toEqual({ trackIndex: 15, layers: mix.layers, unavailable: [], notOnDevice: [] });
  });

  it('offline: the saved sounds and the noise play; the others are listed, never dropped silently', () => {
    expect(planMix(mix, places([15, 5]))).toEqual({ trackIndex: 15, layers: [{ sound: 'fire', level: 0.3 }, { sound: 'brown', level: 0.2 }], unavailable: ['rain'], notOnDevice: [] });
  });

  it('offline without the track: a noise plays alone, the soundscapes are listed', () => {
    expect(planMix(mix, places([5]))).toEqual({ layers: [], noiseAlone: { colour: 'brown', level: 0.2 }, unavailable: ['chill', 'rain', 'fire'], notOnDevice: [] });
    expect(planMix({ sound: 'chill', layers: [{ sound: 'fire', level: 0.3 }] }, places([5]))).toEqual({ layers: [], unavailable: ['chill', 'fire'], notOnDevice: [] });
  });

  it('a sound this catalogue does not know is listed too', () => {
    expect(planMix({ sound: 'thunder', layers: [{ sound: 'hail', level: 0.3 }] }, places('online')).unavailable).toEqual(['thunder', 'hail']);
  });

  it('a sound of the listener\'s own plays where this device holds it, offline too; one it no longer holds is listed apart', () => {
    const own = { sound: 'chill', layers: [{ sound: 'own:kept', level: 0.6 }, { sound: 'own:deleted', level: 0.3 }, { sound: 'rain', level: 0.4 }] };
    expect(planMix(own, places([15]))).toEqual({ trackIndex: 15, layers: [{ sound: 'own:kept', level: 0.6 }], unavailable: ['rain'], notOnDevice: ['own:deleted'] });
  });

  it('an own sound as the track plays where this device holds it, with its layers under it', () => {
    expect(planMix({ sound: 'own:kept', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }] }, places('online'))).toEqual({ ownTrack: 'kept', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }], unavailable: [], notOnDevice: [] });
  });

  it('an own track this device no longer holds (or a link\'s sender\'s) is named, and the first soundscape layer that can play takes its place at its level', () => {
    const gone = { sound: 'own:deleted', layers: [{ sound: 'brown', level: 0.2 }, { sound: 'fire', level: 0.3 }, { sound: 'rain', level: 0.4 }] };
    expect(planMix(gone, places('online'))).toEqual({ trackIndex: 5, trackVolume: 0.3, layers: [{ sound: 'brown', level: 0.2 }, { sound: 'rain', level: 0.4 }], unavailable: [], notOnDevice: ['own:deleted'] });
    // Offline, one that is not saved is passed over.
    expect(planMix(gone, places([2])).trackIndex).toBe(2);
    const link = { sound: null, senderOwnTrack: true, layers: [{ sound: 'rain', level: 0.4 }] };
    expect(planMix(link, places('online'))).toEqual({ trackIndex: 2, trackVolume: 0.4, layers: [], unavailable: [], notOnDevice: [] });
    // With only a noise left, it plays alone, as before.
    expect(planMix({ sound: 'own:deleted', layers: [{ sound: 'brown', level: 0.2 }] }, places('online'))).toEqual({ layers: [], noiseAlone: { colour: 'brown', level: 0.2 }, unavailable: [], notOnDevice: ['own:deleted'] });
  });

  it('an own sound alone, without its track, does not play (layers play under a track)', () => {
    expect(planMix({ sound: 'chill', layers: [{ sound: 'own:kept', level: 0.6 }] }, places([]))).toEqual({ layers: [], unavailable: ['chill', 'own:kept'], notOnDevice: [] });
  });
});
