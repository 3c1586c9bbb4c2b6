// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { catalogueEntries, entryKind, mediaSlug } from '../../../../src/catalogue/entries';
import { decodeMixLink, encodeMix } from '../../../../src/features/mix/mix-link';
import { layersBelowTrackDb, MAX_SURPRISE_LAYERS, MIN_SURPRISE_LAYERS, surpriseMix, TRACK_HEADROOM_DB, type SurpriseSound } from '../../../../src/features/mix/surprise-mix';

const pool: SurpriseSound[] = catalogueEntries.map((entry) => ({ slug: mediaSlug(entry.name), categories: entry.categories, kind: entryKind(entry), volume: entry.volume }));
const bySlug = new Map(pool.map((sound) => [sound.slug, sound]));
const tracks: (SurpriseSound | null)[] = [null, ...pool];
const seeds = Array.from({ length: 60 }, (_, i) => (i * 2654435761) >>> 0);
const NOISES = new Set(['white', 'pink', 'brown']);

describe('Surprise me', () => {
  it('is reproducible: the same seed and track give the same mix, and its link gives it back exactly', () => {
    const slugs = new Set(pool.map((sound) => sound.slug));
    for (const track of tracks) {
      for (const seed of seeds.slice(0, 10)) {
        const mix = surpriseMix(seed, track, pool);
        expect(surpriseMix(seed, track, pool)).toEqual(mix);
        const shared = { soundSlug: track?.slug ?? null, layers: mix.layers, masterVolume: null, alive: true, seed: mix.seed };
        expect(decodeMixLink(encodeMix(shared), slugs)).toEqual({ kind: 'mix', mix: shared, ignored: [] });
      }
    }
  });

  it('varies with the seed', () => {
    const distinct = new Set(seeds.map((seed) => JSON.stringify(surpriseMix(seed, bySlug.get('chill') ?? null, pool).layers)));
    expect(distinct.size).toBeGreaterThan(20);
  });

  it('gives 2 to 4 distinct layers, never the track, a song, the kettle, more than one noise or more than two water sounds', () => {
    for (const track of tracks) {
      for (const seed of seeds) {
        const { layers } = surpriseMix(seed, track, pool);
        const sounds = layers.map((layer) => layer.sound);
        expect(layers.length).toBeGreaterThanOrEqual(MIN_SURPRISE_LAYERS);
        expect(layers.length).toBeLessThanOrEqual(MAX_SURPRISE_LAYERS);
        expect(new Set(sounds).size).toBe(sounds.length);
        expect(sounds).not.toContain(track?.slug);
        expect(sounds).not.toContain('kettle');
        expect(sounds.filter((sound) => NOISES.has(sound)).length).toBeLessThanOrEqual(1);
        const scapes = sounds.filter((sound) => !NOISES.has(sound)).map((sound) => bySlug.get(sound));
        for (const sound of scapes) expect(sound?.kind).not.toBe('lofi');
        expect(scapes.filter((sound) => sound?.categories.includes('water')).length).toBeLessThanOrEqual(2);
        for (const layer of layers) {
          expect(layer.level).toBeGreaterThan(0);
          expect(layer.level).toBeLessThanOrEqual(0.6);
          expect(Math.round(layer.level * 100) / 100).toBe(layer.level);
        }
      }
    }
  });

  it('picks soundscapes that share a category with each other and with the track', () => {
    for (const track of tracks) {
      for (const seed of seeds) {
        const scapes = surpriseMix(seed, track, pool).layers.flatMap((layer) => bySlug.get(layer.sound) ?? []);
        const shared = (track?.categories ?? scapes[0]?.categories ?? []).filter((category) => scapes.every((sound) => sound.categories.includes(category)));
        expect(shared.length, `${track?.slug} seed ${seed}: ${scapes.map((s) => s.slug).join(', ')}`).toBeGreaterThan(0);
      }
    }
  });

  it('leaves the track on top: the layers together at least 4 dB under it', () => {
    for (const track of pool) {
      for (const seed of seeds) {
        const { layers } = surpriseMix(seed, track, pool);
        expect(layersBelowTrackDb(track, layers, pool)).toBeLessThanOrEqual(-TRACK_HEADROOM_DB);
      }
    }
  });

  it('uses only the pool it is given (offline: the saved sounds), with a noise when too few are saved', () => {
    const saved = pool.filter((sound) => ['rain', 'forest'].includes(sound.slug));
    for (const seed of seeds) {
      const { layers } = surpriseMix(seed, bySlug.get('chill') ?? null, saved);
      for (const layer of layers) expect(['rain', 'forest', 'white', 'pink', 'brown']).toContain(layer.sound);
      expect(layers.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('Surprise me with the listener\'s own sounds (issue 41)', () => {
  const own = ['own:b-fan', 'own:a-porch', 'own:c-kettle'];

  it('never picks one unless asked', () => {
    for (const seed of seeds) expect(surpriseMix(seed, bySlug.get('ocean') ?? null, pool).layers.some((layer) => layer.sound.startsWith('own:'))).toBe(false);
  });

  it('asked, one of them leads a mix of 2 to 4, picked by the seed, and the track stays on top', () => {
    const leads = new Set<string>();
    for (const track of [bySlug.get('ocean')!, bySlug.get('chill')!]) {
      for (const seed of seeds) {
        const mix = surpriseMix(seed, track, pool, own);
        expect(mix).toEqual(surpriseMix(seed, track, pool, [...own].reverse()));
        const [lead, ...rest] = mix.layers;
        expect(own).toContain(lead?.sound);
        leads.add(lead!.sound);
        expect(rest.every((layer) => !layer.sound.startsWith('own:'))).toBe(true);
        expect(mix.layers.length).toBeGreaterThanOrEqual(MIN_SURPRISE_LAYERS);
        expect(mix.layers.length).toBeLessThanOrEqual(MAX_SURPRISE_LAYERS);
        // An own sound is levelled to the loops' −20 LUFS at import: counted as a loop at volume 1.
        const withOwn = [...pool, { slug: lead!.sound, categories: [], kind: 'nature' as const, volume: 1 }];
        expect(layersBelowTrackDb(track, mix.layers, withOwn)).toBeLessThanOrEqual(-TRACK_HEADROOM_DB + 0.1);
      }
    }
    expect(leads).toEqual(new Set(own));
  });

  it('asking changes nothing for a listener without own sounds: the same seed gives the same mix', () => {
    for (const seed of seeds.slice(0, 10)) expect(surpriseMix(seed, bySlug.get('rain') ?? null, pool, [])).toEqual(surpriseMix(seed, bySlug.get('rain') ?? null, pool));
  });
});
