import { describe, expect, it } from 'vitest';
import { soundscapes } from '../../../src/catalogue/catalogue';
import { createPlayerStore, playSound } from '../../../src/stores/player-store';
import { setTrackLevel, trackLevel } from '../../../src/stores/track-level';

const quiet = soundscapes.find((sound) => sound.volume < 1);
if (!quiet) throw new Error('the catalogue has a sound below full volume');

describe('the track level on its home card', () => {
  it('reads 100 % at the catalogue volume a track starts at, and sets the player volume on that scale', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(quiet.index, {}, store);
    expect(store.volume).toBeCloseTo(quiet.volume);
    expect(trackLevel(store)).toBeCloseTo(1);
    setTrackLevel(0.5, store);
    expect(store.volume).toBeCloseTo(quiet.volume * 0.5);
    expect(trackLevel(store)).toBeCloseTo(0.5);
  });

  it('clamps to 0..1 and ignores a level with nothing playing or not a number', () => {
    const store = createPlayerStore({ reversed: false });
    setTrackLevel(0.5, store);
    expect(store.volume).toBe(1);
    playSound(quiet.index, {}, store);
    setTrackLevel(3, store);
    expect(trackLevel(store)).toBeCloseTo(1);
    setTrackLevel(-1, store);
    expect(store.volume).toBe(0);
    setTrackLevel(Number.NaN, store);
    expect(store.volume).toBe(0);
  });
});
