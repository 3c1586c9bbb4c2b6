import { describe, expect, it } from 'vitest';
import { catalogueEntries, mediaSlug } from '../../../../src/catalogue/entries';
import { decodeMixLink, encodeMix, MAX_MIX_QUERY_LENGTH, mixLink, type SharedMix } from '../../../../src/features/mix/mix-link';

const slugs = new Set(catalogueEntries.map((entry) => mediaSlug(entry.name)));

describe('mix link codec', () => {
  it('writes readable, versioned parameters', () => {
    expect(encodeMix({ soundSlug: 'rain', noise: 'brown', masterVolume: 0.8, noiseLevel: 0.4 })).toBe('?mix=1&sound=rain&noise=brown&volume=80&noiseLevel=40');
    expect(encodeMix({ soundSlug: 'ocean', noise: null, masterVolume: 1, noiseLevel: 0.3 })).toBe('?mix=1&sound=ocean&volume=100');
    expect(mixLink('https://lull.example/?old=1#x', { soundSlug: null, noise: 'pink', masterVolume: 0.05, noiseLevel: 1 })).toBe('https://lull.example/?mix=1&noise=pink&volume=5&noiseLevel=100');
  });

  const mixes: SharedMix[] = [
    { soundSlug: 'rain', noise: 'brown', masterVolume: 0.8, noiseLevel: 0.4 },
    { soundSlug: 'crickets', noise: null, masterVolume: 0, noiseLevel: null },
    { soundSlug: null, noise: 'white', masterVolume: 1, noiseLevel: 0 },
    { soundSlug: 'morning', noise: 'pink', masterVolume: 0.33, noiseLevel: 1 },
  ];
  it.each(mixes)('round-trips %o', (mix) => {
    expect(decodeMixLink(encodeMix(mix), slugs)).toEqual({ kind: 'mix', mix, ignored: [] });
  });

  it('round-trips every catalogue sound under every colour at percent resolution', () => {
    for (const slug of slugs) {
      for (const noise of ['white', 'pink', 'brown'] as const) {
        const mix = { soundSlug: slug, noise, masterVolume: 0.456, noiseLevel: 0.123 };
        expect(decodeMixLink(encodeMix(mix), slugs)).toEqual({ kind: 'mix', mix: { ...mix, masterVolume: 0.46, noiseLevel: 0.12 }, ignored: [] });
      }
    }
  });

  it('is not a mix link without any mix parameter', () => {
    expect(decodeMixLink('', slugs)).toEqual({ kind: 'none' });
    expect(decodeMixLink('?', slugs)).toEqual({ kind: 'none' });
    expect(decodeMixLink('?utm_source=x', slugs)).toEqual({ kind: 'none' });
    expect(decodeMixLink(`?q=${'a'.repeat(MAX_MIX_QUERY_LENGTH * 4)}`, slugs)).toEqual({ kind: 'none' });
  });

  it('defaults a missing volume to 100 % and a missing noise level to the listener’s own', () => {
    expect(decodeMixLink('?mix=1&sound=rain&noise=pink', slugs)).toEqual({ kind: 'mix', mix: { soundSlug: 'rain', noise: 'pink', masterVolume: 1, noiseLevel: null }, ignored: [] });
  });

  it.each([
    ['no version', '?sound=rain', ['version']],
    ['a future version', '?mix=2&sound=rain', ['version']],
    ['two versions', '?mix=1&mix=1&sound=rain', ['version', 'duplicate']],
    ['an unknown sound', '?mix=1&sound=thunder', ['sound']],
    ['script as the sound', '?mix=1&sound=%3Cscript%3Ealert(1)%3C%2Fscript%3E', ['sound']],
    ['a display name as the sound', '?mix=1&sound=Rain', ['sound']],
    ['an object property as the sound', '?mix=1&sound=__proto__', ['sound']],
    ['a huge query', `?mix=1&sound=${'r'.repeat(MAX_MIX_QUERY_LENGTH)}`, ['tooLong']],
    ['nothing to play', '?mix=1&volume=50', ['empty']],
    ['an unknown colour only', '?mix=1&noise=violet', ['noise']],
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
    ['Infinity level', '&noiseLevel=Infinity', 'noiseLevel'],
    ['an unknown parameter', '&__proto__=%7B%22a%22%3A1%7D', 'unknown'],
    ['a constructor parameter', '&constructor=x', 'unknown'],
    ['a duplicated volume', '&volume=10&volume=90', 'duplicate'],
    ['a hostile colour', '&noise=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'noise'],
  ])('keeps the usable part of a link with %s and says what it ignored', (_label, extra, problem) => {
    const decoded = decodeMixLink(`?mix=1&sound=rain${extra}`, slugs);
    expect(decoded.kind).toBe('mix');
    if (decoded.kind !== 'mix') return;
    expect(decoded.ignored).toEqual([problem]);
    expect(decoded.mix.soundSlug).toBe('rain');
    expect(decoded.mix.masterVolume).toBeGreaterThanOrEqual(0);
    expect(decoded.mix.masterVolume).toBeLessThanOrEqual(1);
    expect(Number.isFinite(decoded.mix.masterVolume)).toBe(true);
    expect(Object.getPrototypeOf(decoded.mix)).toBe(Object.prototype);
  });

  it('never returns the link’s own text: only known slugs and listed colours come out', () => {
    const hostile = ['<b>x</b>', 'javascript:alert(1)', '../../../../src/etc', 'rain ', ' rain', 'rain\u0000', 'toString', 'hasOwnProperty'];
    for (const text of hostile) {
      const decoded = decodeMixLink(`?mix=1&noise=pink&sound=${encodeURIComponent(text)}`, slugs);
      expect(decoded).toEqual({ kind: 'mix', mix: { soundSlug: null, noise: 'pink', masterVolume: 1, noiseLevel: null }, ignored: ['sound'] });
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
    for (const search of ['?mix=1&sound=rain', '?sound=rain', '?mix=1&noise=pink', `?mix=1&sound=${'r'.repeat(400)}`]) {
      expect(decodeMixLink(search, slugs).kind).not.toBe('none');
      expect(mayBeMixLink(search)).toBe(true);
    }
  });
});
