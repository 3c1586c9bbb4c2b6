// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { catalogueEntries, mediaSlug } from '../../../../src/catalogue/entries';
import { decodeMixLink, encodeMix, MAX_MIX_QUERY_LENGTH, mixLink, type SharedMix } from '../../../../src/features/mix/mix-link';

const slugs = new Set(catalogueEntries.map((entry) => mediaSlug(entry.name)));
const mixOf = (search: string) => {
  const decoded = decodeMixLink(search, slugs);
  if (decoded.kind !== 'mix') throw new Error(`not a mix: ${JSON.stringify(decoded)}`);
  return decoded;
};

describe('mix link codec, version 2', () => {
  it('writes readable, versioned parameters', () => {
    expect(encodeMix({ soundSlug: 'chill', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'fire', level: 0.25 }], masterVolume: 0.8 })).toBe(
      '?mix=2&sound=chill&layers=rain:40,fire:25&volume=80',
    );
    expect(encodeMix({ soundSlug: 'ocean', layers: [], masterVolume: 1 })).toBe('?mix=2&sound=ocean&volume=100');
    expect(encodeMix({ soundSlug: 'ocean', layers: [{ sound: 'brown', level: 0.3 }], masterVolume: null, alive: true, seed: 42 })).toBe(
      '?mix=2&sound=ocean&layers=brown:30&alive=1&seed=42',
    );
    expect(mixLink('https://lull.example/?old=1#x', { soundSlug: null, layers: [{ sound: 'pink', level: 1 }], masterVolume: 0.05 })).toBe(
      'https://lull.example/?mix=2&layers=pink:100&volume=5',
    );
  });

  const mixes: SharedMix[] = [
    { soundSlug: 'chill', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'fire', level: 0.25 }], masterVolume: 0.8 },
    { soundSlug: 'crickets', layers: [], masterVolume: 0 },
    { soundSlug: null, layers: [{ sound: 'white', level: 0 }], masterVolume: 1 },
    { soundSlug: 'morning', layers: ['rain', 'fire', 'wind', 'brown', 'ocean'].map((sound, i) => ({ sound, level: i / 10 })), masterVolume: null, alive: false, seed: 4294967295 },
  ];
  it.each(mixes)('round-trips %o', (mix) => {
    expect(decodeMixLink(encodeMix(mix), slugs)).toEqual({ kind: 'mix', mix, ignored: [] });
  });

  it('reads the link with its separators percent-encoded, as a mail client may rewrite it', () => {
    expect(mixOf('?mix=2&sound=chill&layers=rain%3A40%2Cfire%3A25&volume=80').mix.layers).toEqual([{ sound: 'rain', level: 0.4 }, { sound: 'fire', level: 0.25 }]);
  });

  it('leaves the master volume alone when the link carries none (v1 and v2)', () => {
    expect(mixOf('?mix=2&sound=rain').mix.masterVolume).toBeNull();
    expect(mixOf('?mix=1&sound=rain&noise=pink').mix.masterVolume).toBeNull();
  });

  it.each([
    ['an unknown layer', 'layers=thunder:40,fire:20', ['layers'], [{ sound: 'fire', level: 0.2 }]],
    ['a layer level above 100', 'layers=rain:101,fire:20', ['layers'], [{ sound: 'fire', level: 0.2 }]],
    ['a negative layer level', 'layers=rain:-1', ['layers'], []],
    ['a fractional layer level', 'layers=rain:4.5', ['layers'], []],
    ['a layer without level', 'layers=rain,fire:20', ['layers'], [{ sound: 'fire', level: 0.2 }]],
    ['a display name as a layer', 'layers=Rain:20', ['layers'], []],
    ['script as a layer', `layers=${encodeURIComponent('<img src=x onerror=alert(1)>:20')}`, ['layers'], []],
    ['an object property as a layer', 'layers=__proto__:20,constructor:10', ['layers'], []],
    ['a layer twice', 'layers=rain:20,rain:80', ['duplicate'], [{ sound: 'rain', level: 0.2 }]],
    ['the track as a layer', 'layers=ocean:20', ['duplicate'], []],
    ['six layers', 'layers=rain:1,fire:2,wind:3,white:4,pink:5,brown:6', ['tooManyLayers'], ['rain', 'fire', 'wind', 'white', 'pink'].map((sound, i) => ({ sound, level: (i + 1) / 100 }))],
    ['empty layers', 'layers=', ['layers'], []],
    ['two layers parameters', 'layers=rain:20&layers=fire:20', ['duplicate'], []],
    ['a v1 noise in a v2 link', 'noise=brown', ['unknown'], []],
    ['an odd alive', 'alive=yes', ['alive'], []],
    ['a seed out of range', 'seed=4294967296', ['seed'], []],
    ['a negative seed', 'seed=-1', ['seed'], []],
    ['a text seed', 'seed=abc', ['seed'], []],
  ])('keeps the usable part of a v2 link with %s and says what it ignored', (_label, extra, ignored, layers) => {
    const decoded = mixOf(`?mix=2&sound=ocean&${extra}`);
    expect([...decoded.ignored].sort()).toEqual([...ignored].sort());
    expect(decoded.mix.soundSlug).toBe('ocean');
    expect(decoded.mix.layers).toEqual(layers);
    expect(decoded.mix.alive).toBeUndefined();
    expect(decoded.mix.seed).toBeUndefined();
  });

  it('only offers layers from the layer set, and tracks from the track set', () => {
    const known = { tracks: new Set(['chill', 'rain']), layers: new Set(['rain']) };
    expect(decodeMixLink('?mix=2&sound=chill&layers=chill:20,rain:30', known)).toEqual({
      kind: 'mix',
      mix: { soundSlug: 'chill', layers: [{ sound: 'rain', level: 0.3 }], masterVolume: null },
      ignored: ['layers'],
    });
    expect(decodeMixLink('?mix=2&layers=chill:20', known)).toEqual({ kind: 'invalid', ignored: ['layers'] });
  });
});

describe('a mix with the sender\'s own sound (issue 41)', () => {
  it('writes the own sound as `own`, without its id, and reads it back as a count beside the layers that play', () => {
    const link = encodeMix({ soundSlug: 'chill', layers: [{ sound: 'own:5f0c-77aa', level: 0.6 }, { sound: 'rain', level: 0.4 }], masterVolume: null });
    expect(link).toBe('?mix=2&sound=chill&layers=own:60,rain:40');
    expect(decodeMixLink(link, slugs)).toEqual({ kind: 'mix', mix: { soundSlug: 'chill', layers: [{ sound: 'rain', level: 0.4 }], masterVolume: null, senderOwn: 1 }, ignored: [] });
  });

  it('counts the own sounds toward the five layers', () => {
    const decoded = mixOf('?mix=2&sound=chill&layers=own:10,own:20,rain:30,fire:40,wind:50,ocean:60');
    expect(decoded.mix.senderOwn).toBe(2);
    expect(decoded.mix.layers.map((layer) => layer.sound)).toEqual(['rain', 'fire', 'wind']);
    expect(decoded.ignored).toEqual(['tooManyLayers']);
  });

  it('an own sound as the track is written `sound=own`, read back as the sender\'s (its layers play, the first soundscape in its place)', () => {
    const link = encodeMix({ soundSlug: 'own:5f0c-77aa', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }], masterVolume: null });
    expect(link).toBe('?mix=2&sound=own&layers=rain:40,brown:20');
    expect(decodeMixLink(link, slugs)).toEqual({
      kind: 'mix',
      mix: { soundSlug: null, layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }], masterVolume: null, senderOwn: 1, senderOwnTrack: true },
      ignored: [],
    });
    expect(decodeMixLink('?mix=2&sound=own', slugs)).toEqual({ kind: 'invalid', ignored: ['layers'] });
    // Version 1 never had it.
    expect(decodeMixLink('?mix=1&sound=own&noise=brown', slugs)).toMatchObject({ kind: 'mix', ignored: ['sound'] });
  });

  it('a link of nothing but the sender\'s own sounds has nothing to play here, and says so', () => {
    expect(decodeMixLink('?mix=2&layers=own:50', slugs)).toEqual({ kind: 'invalid', ignored: ['layers'] });
  });
});

describe('mix link codec, version 1 links keep working', () => {
  it.each([
    ['?mix=1&sound=rain&noise=brown&volume=80&noiseLevel=40', { soundSlug: 'rain', layers: [{ sound: 'brown', level: 0.4 }], masterVolume: 0.8 }],
    ['?mix=1&sound=ocean&volume=100', { soundSlug: 'ocean', layers: [], masterVolume: 1 }],
    ['?mix=1&noise=pink&volume=5&noiseLevel=100', { soundSlug: null, layers: [{ sound: 'pink', level: 1 }], masterVolume: 0.05 }],
    ['?mix=1&sound=rain&noise=pink', { soundSlug: 'rain', layers: [{ sound: 'pink', level: 0.5 }], masterVolume: null }],
  ])('%s', (search, mix) => {
    expect(decodeMixLink(search, slugs)).toEqual({ kind: 'mix', mix, ignored: [] });
  });

  it('round-trips every catalogue sound under every colour at percent resolution, through v1 into v2', () => {
    for (const slug of slugs) {
      for (const noise of ['white', 'pink', 'brown'] as const) {
        const v1 = mixOf(`?mix=1&sound=${slug}&noise=${noise}&volume=46&noiseLevel=12`).mix;
        expect(v1).toEqual({ soundSlug: slug, layers: [{ sound: noise, level: 0.12 }], masterVolume: 0.46 });
        expect(mixOf(encodeMix(v1)).mix).toEqual(v1);
      }
    }
  });
});

describe('links that are not, or cannot be, mixes', () => {
  it('is not a mix link without any mix parameter', () => {
    expect(decodeMixLink('', slugs)).toEqual({ kind: 'none' });
    expect(decodeMixLink('?', slugs)).toEqual({ kind: 'none' });
    expect(decodeMixLink('?utm_source=x', slugs)).toEqual({ kind: 'none' });
    expect(decodeMixLink(`?q=${'a'.repeat(MAX_MIX_QUERY_LENGTH * 4)}`, slugs)).toEqual({ kind: 'none' });
  });

  it.each([
    ['no version', '?sound=rain', ['version']],
    ['a future version', '?mix=3&sound=rain', ['version']],
    ['two versions', '?mix=2&mix=2&sound=rain', ['version', 'duplicate']],
    ['an unknown sound', '?mix=2&sound=thunder', ['sound']],
    ['script as the sound', '?mix=2&sound=%3Cscript%3Ealert(1)%3C%2Fscript%3E', ['sound']],
    ['a display name as the sound', '?mix=1&sound=Rain', ['sound']],
    ['an object property as the sound', '?mix=2&sound=__proto__', ['sound']],
    ['a huge query', `?mix=2&sound=${'r'.repeat(MAX_MIX_QUERY_LENGTH)}`, ['tooLong']],
    ['nothing to play', '?mix=2&volume=50', ['empty']],
    ['nothing to play in v1', '?mix=1&volume=50', ['empty']],
    ['an unknown colour only', '?mix=1&noise=violet', ['noise']],
    ['only unknown layers', '?mix=2&layers=violet:20', ['layers']],
  ] as const)('ignores a link with %s', (_label, search, ignored) => {
    const decoded = decodeMixLink(search, slugs);
    expect(decoded.kind).toBe('invalid');
    expect(decoded.kind === 'invalid' && [...decoded.ignored].sort()).toEqual([...ignored].sort());
  });

  it.each([
    ['NaN volume', '&volume=NaN', 'volume'],
    ['negative volume', '&volume=-5', 'volume'],
    ['volume above 100', '&volume=101', 'volume'],
    ['fractional volume', '&volume=50.5', 'volume'],
    ['exponent volume', '&volume=1e2', 'volume'],
    ['huge volume', '&volume=99999999999999999999', 'volume'],
    ['empty volume', '&volume=', 'volume'],
    ['Infinity level', '&noise=pink&noiseLevel=Infinity', 'noiseLevel'],
    ['an unknown parameter', '&__proto__=%7B%22a%22%3A1%7D', 'unknown'],
    ['a constructor parameter', '&constructor=x', 'unknown'],
    ['a v2 parameter in a v1 link', '&layers=fire:20', 'unknown'],
    ['a duplicated volume', '&volume=10&volume=90', 'duplicate'],
    ['a hostile colour', '&noise=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'noise'],
  ])('keeps the usable part of a v1 link with %s and says what it ignored', (_label, extra, problem) => {
    const decoded = mixOf(`?mix=1&sound=rain${extra}`);
    expect(decoded.ignored).toEqual([problem]);
    expect(decoded.mix.soundSlug).toBe('rain');
    expect(decoded.mix.masterVolume).toBeNull();
    for (const layer of decoded.mix.layers) expect(Number.isFinite(layer.level)).toBe(true);
    expect(Object.getPrototypeOf(decoded.mix)).toBe(Object.prototype);
  });

  it('never returns the link’s own text: only known slugs and listed colours come out', () => {
    const hostile = ['<b>x</b>', 'javascript:alert(1)', '../../../../src/etc', 'rain ', ' rain', 'rain\u0000', 'toString', 'hasOwnProperty'];
    for (const text of hostile) {
      const decoded = decodeMixLink(`?mix=2&layers=pink:30&sound=${encodeURIComponent(text)}`, slugs);
      expect(decoded).toEqual({ kind: 'mix', mix: { soundSlug: null, layers: [{ sound: 'pink', level: 0.3 }], masterVolume: null }, ignored: ['sound'] });
      const asLayer = decodeMixLink(`?mix=2&sound=rain&layers=${encodeURIComponent(`${text}:30`)}`, slugs);
      expect(asLayer).toEqual({ kind: 'mix', mix: { soundSlug: 'rain', layers: [], masterVolume: null }, ignored: ['layers'] });
    }
  });

  it('only offers sounds this host can play', () => {
    expect(decodeMixLink('?mix=1&sound=rain', new Set(['seagulls', 'bubbles'])).kind).toBe('invalid');
  });
});

describe('the first look at an address', () => {
  it('spots any mix parameter, and nothing else', async () => {
    const { mayBeMixLink } = await import('../../../../src/features/mix/mix-link-look');
    for (const search of ['?mix=1', '?a=b&sound=rain', '?noise=x', '?volume=1', '?noiseLevel=', '?x=1&mix=2']) expect(mayBeMixLink(search)).toBe(true);
    for (const search of ['', '?', '?utm_source=a', '?remix=1', '?soundx=1']) expect(mayBeMixLink(search)).toBe(false);
    // Everything the full decoder treats as a mix link passes the first look.
    const slugs = new Set(['rain']);
    for (const search of ['?mix=1&sound=rain', '?mix=2&sound=rain&layers=rain:3', '?sound=rain', '?mix=1&noise=pink', '?layers=rain:20&volume=3', `?mix=1&sound=${'r'.repeat(400)}`]) {
      expect(decodeMixLink(search, slugs).kind).not.toBe('none');
      expect(mayBeMixLink(search)).toBe(true);
    }
    expect(decodeMixLink('?layers=rain:20', slugs).kind).toBe('none');
  });
});
