/**
 * Issue 23's level laws, checked on offline renders of the mix (issue 38): the layers (tests/render/offline-render.ts
 * builds them with the engine's own createLayerVoice) under the app's own bus (its master gain), rendered into an
 * OfflineAudioContext in real Chromium. Each render is the same samples every time (a soundscape from its file's top
 * and a seeded walk, a noise from its seed), so two renders differ only by the gains under test, and a law is read
 * to a hundredth of a dB, not ±1 dB over a live recording's own swing (layer-levels.spec.ts recorded it in real time).
 *
 * The laws, from src: a layer at slider L is linear gain L × its catalogue volume (a soundscape at 100 % is as loud
 * as it plays as the track; a noise has none), so it is 20·log10(L) dB re itself at 100 %; the master volume is one
 * linear gain on the bus after every layer; the mix is the sum of its layers, none knowing another.
 */
import { test, expect } from './fixtures';
import { openRenderPage, renderMix } from './offline-render';
import { catalogueEntries, mediaSlug } from '../../src/catalogue/entries';
import type { MixRender, MixRenderOptions } from './render-api';

/** The layers of the link layer-levels.spec.ts opened: ?layers=river:50,pink:80,brown:30. */
const LAYERS = [
  { sound: 'river', level: 0.5 },
  { sound: 'pink', level: 0.8 },
  { sound: 'brown', level: 0.3 },
];
const MASTER = 0.5;
const TOLERANCE_DB = 0.5;
/** 5 s after the layers' 40 ms start ramps (and inside River's first segment: no join in it). */
const BASE: Omit<MixRenderOptions, 'layers' | 'master'> = { seconds: 6.5, seed: 7, window: [1, 6] };

const db = (ratio: number) => 20 * Math.log10(ratio);
const powerDb = (ratio: number) => 10 * Math.log10(ratio);
const catalogueVolume = (sound: string) => catalogueEntries.find((e) => mediaSlug(e.name) === sound)?.volume;

test.describe('the mix at its levels (offline render)', () => {
  test.beforeEach(async ({ page }) => openRenderPage(page));

  for (const layer of LAYERS) {
    test(`${layer.sound} at ${layer.level * 100} %: its slider's law re 100 %, the catalogue volume, and the master at ${MASTER * 100} % (offline render)`, async ({ page }) => {
      test.setTimeout(90_000);
      const at = await renderMix(page, { ...BASE, layers: [layer], master: 1 });
      const full = await renderMix(page, { ...BASE, layers: [{ ...layer, level: 1 }], master: 1 });
      const under = await renderMix(page, { ...BASE, layers: [layer], master: MASTER });
      const figures = { levelDb: powerDb(at.power / full.power), law: db(layer.level), masterDb: powerDb(under.power / at.power), masterLaw: db(MASTER) };
      const volume = catalogueVolume(layer.sound);
      let catalogue: { db: number; law: number } | undefined;
      if (volume !== undefined) {
        // The file as it is (its loop voice alone): a layer at 100 % is it at the catalogue volume.
        const bare = await renderMix(page, { ...BASE, layers: [], bare: [layer.sound], master: 1 });
        catalogue = { db: powerDb(full.power / bare.power), law: db(volume) };
      }
      console.log(`${layer.sound}: ${JSON.stringify({ ...figures, catalogue, dBFS: powerDb(at.power) })}`);
      test.info().annotations.push({ type: `${layer.sound} (dB)`, description: JSON.stringify({ ...figures, catalogue }) });
      expect(at.power, `${layer.sound} is heard`).toBeGreaterThan(1e-6);
      expect(Math.abs(figures.levelDb - figures.law), `${layer.sound} at its slider re 100 % (dB off the law)`).toBeLessThanOrEqual(TOLERANCE_DB);
      expect(Math.abs(figures.masterDb - figures.masterLaw), `${layer.sound} under the master (dB off the law)`).toBeLessThanOrEqual(TOLERANCE_DB);
      if (catalogue) expect(Math.abs(catalogue.db - catalogue.law), `${layer.sound} at 100 % re its file (dB off its catalogue volume)`).toBeLessThanOrEqual(TOLERANCE_DB);
    });
  }

  test('the whole mix is the sum of its layers, and the master scales all of it (offline render)', async ({ page }) => {
    test.setTimeout(90_000);
    const mix = await renderMix(page, { ...BASE, layers: LAYERS, master: 1 });
    const under = await renderMix(page, { ...BASE, layers: LAYERS, master: MASTER });
    const alone: MixRender[] = [];
    for (const layer of LAYERS) alone.push(await renderMix(page, { ...BASE, layers: [layer], master: 1 }));
    const peak = Math.max(...mix.probe.map(Math.abs));
    let sumError = 0;
    let masterError = 0;
    mix.probe.forEach((x, i) => {
      sumError = Math.max(sumError, Math.abs(x - alone.reduce((sum, one) => sum + one.probe[i]!, 0)));
      masterError = Math.max(masterError, Math.abs(under.probe[i]! - MASTER * x));
    });
    const masterDb = powerDb(under.power / mix.power);
    console.log(`the mix: ${powerDb(mix.power).toFixed(2)} dBFS; |mix − Σ layers| ≤ ${(sumError / peak).toExponential(2)} of its peak; master ${masterDb.toFixed(3)} dB (law ${db(MASTER).toFixed(3)}), per sample within ${(masterError / peak).toExponential(2)}`);
    test.info().annotations.push({ type: 'the mix', description: JSON.stringify({ sumError: sumError / peak, masterDb, masterError: masterError / peak }) });
    expect(sumError / peak, 'the mix against the sum of its layers, sample by sample (re its peak)').toBeLessThanOrEqual(1e-3);
    expect(Math.abs(masterDb - db(MASTER)), 'the whole mix under the master (dB off the law)').toBeLessThanOrEqual(TOLERANCE_DB);
    expect(masterError / peak, 'the master, sample by sample (re the peak)').toBeLessThanOrEqual(1e-3);
  });
});
