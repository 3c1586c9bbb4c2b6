import { describe, expect, it } from 'vitest';
import { catalogueEntries } from './entries';
import { isReversedHost, normaliseEntry, resolveMediaUrl, soundscapes, soundscapesByName } from './catalogue';

describe('catalogue', () => {
  it('has the 24 SPEC entries in order, index equal to position', () => {
    expect(soundscapes.map((s) => s.name)).toEqual([
      'Ocean', 'Forest', 'Rain', 'River', 'Wind', 'Fire', 'Desert', 'Arctic', 'Kettle', 'Crickets', 'Underwater', 'Seagulls', 'Bubbles',
      'Groovy', 'Upbeat', 'Chill', 'Retro', 'Classic', 'Piano', 'Rising', 'Deep', 'Vibe', 'Uplifting', 'Morning',
    ]);
    soundscapes.forEach((s, i) => expect(s.index).toBe(i));
  });

  it('uses SPEC default volumes', () => {
    const volume = Object.fromEntries(soundscapes.map((s) => [s.name, s.volume]));
    expect(volume).toMatchObject({ River: 0.8, Arctic: 0.6, Underwater: 0.6, Crickets: 0.2, Ocean: 1, Morning: 1 });
    expect(soundscapes.filter((s) => s.volume !== 1)).toHaveLength(4);
  });

  it('types entries as SPEC does; Morning has no type field yet plays as lofi', () => {
    const morning = catalogueEntries[23];
    expect(morning && 'type' in morning).toBe(false);
    expect(soundscapes[23]?.kind).toBe('lofi');
    expect(soundscapes.slice(13).every((s) => s.kind === 'lofi')).toBe(true);
    expect(soundscapes.slice(0, 13).every((s) => s.kind === 'nature' || s.kind === 'ambient')).toBe(true);
    const allowed = ['water', 'chill', 'focus', 'relax', 'nature', 'ambience', 'favorites', 'sleep', 'natural', 'appliance', 'upbeat'];
    expect(soundscapes.flatMap((s) => s.categories).every((c) => allowed.includes(c))).toBe(true);
  });

  it('gives Seagulls, Bubbles and every lofi track a reversed URL, and entries 0-10 none', () => {
    expect(soundscapes.filter((s) => s.reversedURL).map((s) => s.index)).toEqual([11, 12, ...Array.from({ length: 11 }, (_, i) => 13 + i)]);
  });

  it('resolves media against the configured host', () => {
    expect(resolveMediaUrl('media/ocean.mp3', '', '/')).toBe('/media/ocean.mp3');
    expect(resolveMediaUrl('media/ocean.mp3', 'https://cdn.example.com', '/')).toBe('https://cdn.example.com/media/ocean.mp3');
    expect(normaliseEntry(catalogueEntries[11]!, 'https://cdn.example.com').reversedURL).toBe('https://cdn.example.com/media/seagulls-reversed.mp3');
  });

  it('sorts a copy by name and never the catalogue', () => {
    const sorted = soundscapesByName();
    expect(sorted[0]?.name).toBe('Arctic');
    expect(soundscapes[0]?.name).toBe('Ocean');
  });

  it('recognises the reversed host', () => {
    expect(isReversedHost('reversed.localhost')).toBe(true);
    expect(isReversedHost('lull.example.com')).toBe(false);
  });
});
