// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueEntries } from '../../../src/catalogue/entries';
import { isReversedHost, normaliseEntry, resolveMediaUrl, soundscapes, soundscapesByName } from '../../../src/catalogue/catalogue';

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
    expect(resolveMediaUrl('media/ocean.mp3', '', '/', {})).toBe('/media/ocean.mp3');
    expect(resolveMediaUrl('media/ocean.mp3', 'https://cdn.example.com', '/', {})).toBe('https://cdn.example.com/media/ocean.mp3');
    expect(normaliseEntry(catalogueEntries[11]!, 'https://cdn.example.com').reversedURL).toMatch(/^https:\/\/cdn\.example\.com\/media\/seagulls-reversed\.mp3(\?v=[0-9a-f]{12})?$/);
  });

  it('versions each media URL by its content: ?v= is the SHA-256 of the rendered file', () => {
    expect(resolveMediaUrl('media/ocean.mp3', '', '/', { 'media/ocean.mp3': 'abc123def456' })).toBe('/media/ocean.mp3?v=abc123def456');
    expect(resolveMediaUrl('media/ocean.mp3', 'https://cdn.example.com', '/', { 'media/ocean.mp3': 'abc123def456' })).toBe('https://cdn.example.com/media/ocean.mp3?v=abc123def456');
    // A path the build does not know (or an inherited key) stays unversioned.
    expect(resolveMediaUrl('media/constructor', '', '/', {})).toBe('/media/constructor');
    // The real build's versions: every catalogue file, from its bytes.
    const media = join(process.cwd(), 'public', 'media');
    if (!existsSync(join(media, 'ocean.mp3'))) return;
    for (const sound of soundscapes) {
      for (const url of [sound.url, sound.image, ...(sound.reversedURL ? [sound.reversedURL] : [])]) {
        const [path = '', version] = url.split('?v=');
        const bytes = readFileSync(join(media, path.replace(/^.*\/media\//, '')));
        expect(version, url).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 12));
      }
    }
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
