/**
 * Issue 23, done-when: a 3-layer mix from a v2 link, measured in what the app outputs
 * (output-probe.ts). A layer's level is linear gain (layer-voice.ts: slider × catalogue volume),
 * so a layer at L % is 20·log10(L/100) dB re itself at 100 %; the master volume and the sleep
 * timer's fade are linear gains on the bus after every layer (audio-bus.ts).
 *
 * The track has no level of its own, so a layer is measured as a difference of power: the mix
 * with only that layer up (the others at 0 on their sliders) less the track alone, recorded just
 * before or after. Crickets, the quietest track (catalogue volume 0.2, about −37 dBFS), leaves each
 * layer 8–10 dB above it. The noise layers hold their power within ±0.3 dB from one 2 s window to
 * the next, so they are recorded in turn (in a palindrome, so that any drift cancels). River, a
 * soundscape, moves ±0.9 dB from one second to the next (sd of its file's 1 s powers): it is
 * compared with itself over the same stretch, each time from a Pause and Play (a layer starts at its
 * loop's top, the noises from their seeds).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { db, masterSlider, mixPanel, openMixPanel, playerBar, setLayerPercent, setSliderPercent } from './mix-panel';
import { outputProbeScript } from './output-probe';
import { recordPower, recordPowerFromStart } from './record-rms';

interface LinkLayer {
  sound: string;
  name: string;
  level: number;
  /** Recorded back and forth this many times (noises). */
  rounds: number;
}

const RIVER: LinkLayer = { sound: 'river', name: 'River', level: 50, rounds: 0 };
const NOISES: readonly LinkLayer[] = [
  { sound: 'pink', name: 'Pink noise', level: 80, rounds: 2 },
  { sound: 'brown', name: 'Brown noise', level: 30, rounds: 2 },
];
const LAYERS = [RIVER, ...NOISES];
const LINK = `/?mix=2&sound=crickets&layers=${LAYERS.map((layer) => `${layer.sound}:${layer.level}`).join(',')}&volume=100&alive=0&seed=7`;
const MASTER = 50;
const RECORD_MS = 2000;
/** The sleep timer's steps are held on the paused clock; each is recorded this long. */
const FADE_STEP_MS = 1500;
const TOLERANCE_DB = 1;
/** The fade's steps are read against the whole mix before it, whose own level moves ±0.3 dB (River's share) over the ~20 s of the fade. */
const FADE_TOLERANCE_DB = 1.5;
/** A window from Play: after the layers' start (River's first window decoded), 5 s of River's first 11 s segment. */
const FROM_PLAY_AFTER_MS = 1500;
const FROM_PLAY_WINDOW_MS = 5000;

const powerDb = (ratio: number) => 10 * Math.log10(ratio);
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const power = (page: Page) => recordPower(page, RECORD_MS);

/** The mix from a Pause and Play (the mix panel closed): every layer from its start. */
async function powerFromPlay(page: Page): Promise<number> {
  await playerBar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(playerBar(page)).toHaveAttribute('data-status', 'paused');
  // The layers' 40 ms fade-out is over and their sources are freed.
  await page.waitForTimeout(300);
  return recordPowerFromStart(page, () => playerBar(page).getByRole('button', { name: 'Play' }).click(), FROM_PLAY_AFTER_MS, FROM_PLAY_WINDOW_MS);
}

/** Changes made in the mix panel, which is then closed (Play and Pause are under it). */
async function inPanel(page: Page, change: () => Promise<void>) {
  await openMixPanel(page);
  await change();
  await page.keyboard.press('Escape');
  await expect(mixPanel(page)).toBeHidden();
}

/** The mix from Play, then without Brown, then without Pink too (River's stretch is the same in each). */
async function takeOutNoises(page: Page) {
  const all = await powerFromPlay(page);
  await inPanel(page, () => setLayerPercent(page, 'Brown noise', 0));
  const riverAndPink = await powerFromPlay(page);
  await inPanel(page, () => setLayerPercent(page, 'Pink noise', 0));
  return { all, riverAndPink, river: await powerFromPlay(page) };
}

type LayerState = 'off' | 'link' | 'full';
interface MixState {
  layer: LayerState;
  master: number;
}
/** The states one layer is recorded in (the others at 0): its level at the link's level and at 100 %, at master 100 % and 50 %, and the track alone at each. */
const STATES: readonly (MixState & { key: string })[] = [
  { key: 'link', layer: 'link', master: 100 },
  { key: 'full', layer: 'full', master: 100 },
  { key: 'track', layer: 'off', master: 100 },
  { key: 'trackHalf', layer: 'off', master: MASTER },
  { key: 'linkHalf', layer: 'link', master: MASTER },
];

interface LayerFigures {
  /** The layer's power at its link level, at master 100 % (track taken out). */
  atLink: number;
  levelDb: number;
  masterDb: number;
  track: number[];
}

/** A noise layer alone over the track, recorded in each state, forwards then backwards for `rounds` > 1. */
async function measureLayer(page: Page, layer: LinkLayer): Promise<LayerFigures> {
  let now: MixState = { layer: 'off', master: 100 };
  const recorded = new Map<string, number[]>();
  const order = [...STATES, ...[...STATES].reverse()].slice(0, STATES.length * layer.rounds);
  for (const state of order) {
    if (state.master !== now.master) await setSliderPercent(page, masterSlider(page), state.master);
    if (state.layer !== now.layer) await setLayerPercent(page, layer.name, state.layer === 'off' ? 0 : state.layer === 'full' ? 100 : layer.level);
    now = state;
    recorded.set(state.key, [...(recorded.get(state.key) ?? []), await power(page)]);
  }
  const at = (key: string) => mean(recorded.get(key)!);
  const atLink = at('link') - at('track');
  const figures = {
    atLink,
    levelDb: powerDb(atLink / (at('full') - at('track'))),
    masterDb: powerDb((at('linkHalf') - at('trackHalf')) / atLink),
    track: recorded.get('track')!,
  };
  // Back where the link put it: this layer off, master 100 %.
  if (now.master !== 100) await setSliderPercent(page, masterSlider(page), 100);
  await setLayerPercent(page, layer.name, 0);
  console.log(
    `${layer.name} at ${layer.level} %: ${figures.levelDb.toFixed(2)} dB re 100 % (law ${db(layer.level / 100).toFixed(2)}), master ${MASTER} %: ${figures.masterDb.toFixed(2)} dB (law ${db(MASTER / 100).toFixed(2)}); ` +
      `layer ${powerDb(atLink).toFixed(1)} dBFS over the track ${powerDb(at('track')).toFixed(1)} dBFS`,
  );
  return figures;
}

test.use({ bypassCSP: true });

test('a 3-layer mix from a v2 link: each layer heard at its slider within ±1 dB, master and fade scale all, Remove silences exactly that layer', async ({ page }) => {
  test.setTimeout(240_000);
  // On the audio thread: a busy main thread drops no samples.
  await page.addInitScript(outputProbeScript(1024, 'worklet'));
  await page.clock.install();
  await page.goto(LINK);
  await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
  await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
  await expect(playerBar(page).getByTestId('player-layers')).toHaveAttribute('data-sounds', 'river pink brown');
  // River plays from decoded windows; then every layer is sounding.
  await expect.poll(() => page.evaluate(() => Number(document.documentElement.dataset.layersDecodedBytes ?? 0)), { timeout: 20_000 }).toBeGreaterThan(0);
  await openMixPanel(page);
  await expect(mixPanel(page).getByLabel('Alive: levels drift slowly')).not.toBeChecked();
  await expect(masterSlider(page)).toHaveAttribute('aria-valuenow', '100');
  for (const layer of LAYERS) await expect(mixPanel(page).getByRole('slider', { name: `${layer.name} level` })).toHaveAttribute('aria-valuenow', String(layer.level));

  await page.keyboard.press('Escape');
  await expect(mixPanel(page)).toBeHidden();

  // The link's levels as they play, before their own sliders are touched.
  const asLinked = await takeOutNoises(page);
  const riverAsLinked = asLinked.river;
  // River at 100 %, then at its level under master 50 %; then the track alone at both.
  await inPanel(page, () => setLayerPercent(page, 'River', 100));
  const riverFull = await powerFromPlay(page);
  await inPanel(page, async () => {
    await setLayerPercent(page, 'River', RIVER.level);
    await setSliderPercent(page, masterSlider(page), MASTER);
  });
  const riverHalf = await powerFromPlay(page);
  await openMixPanel(page);
  await setLayerPercent(page, 'River', 0);
  const trackHalf = mean([await power(page), await power(page)]);
  await setSliderPercent(page, masterSlider(page), 100);
  const trackFull = mean([await power(page), await power(page)]);
  const river: LayerFigures = {
    atLink: riverAsLinked - trackFull,
    levelDb: powerDb((riverAsLinked - trackFull) / (riverFull - trackFull)),
    masterDb: powerDb((riverHalf - trackHalf) / (riverAsLinked - trackFull)),
    track: [trackFull],
  };
  console.log(
    `River at ${RIVER.level} %: ${river.levelDb.toFixed(2)} dB re 100 % (law ${db(RIVER.level / 100).toFixed(2)}), master ${MASTER} %: ${river.masterDb.toFixed(2)} dB (law ${db(MASTER / 100).toFixed(2)}); ` +
      `layer ${powerDb(river.atLink).toFixed(1)} dBFS over the track ${powerDb(trackFull).toFixed(1)} dBFS`,
  );

  const figures = new Map<string, LayerFigures>([['river', river]]);
  for (const layer of NOISES) figures.set(layer.sound, await measureLayer(page, layer));
  const trackAlone = mean(LAYERS.flatMap((layer) => figures.get(layer.sound)!.track));
  for (const layer of LAYERS) {
    const { levelDb, masterDb } = figures.get(layer.sound)!;
    test.info().annotations.push({ type: `${layer.name} at ${layer.level} % re 100 %, then under master ${MASTER} % (dB)`, description: `${levelDb.toFixed(2)}, ${masterDb.toFixed(2)}` });
    expect(Math.abs(levelDb - db(layer.level / 100)), `${layer.name}'s level`).toBeLessThanOrEqual(TOLERANCE_DB);
    expect(Math.abs(masterDb - db(MASTER / 100)), `${layer.name} under the master volume`).toBeLessThanOrEqual(TOLERANCE_DB);
  }

  // The same from Play with every level set on its slider: each layer as the link started it is as its slider sets it.
  for (const layer of LAYERS) await setLayerPercent(page, layer.name, layer.level);
  await page.keyboard.press('Escape');
  await expect(mixPanel(page)).toBeHidden();
  const set = await takeOutNoises(page);
  const linked = [
    { name: 'River', asLinked: asLinked.river - trackFull, set: set.river - trackFull },
    { name: 'Pink noise', asLinked: asLinked.riverAndPink - asLinked.river, set: set.riverAndPink - set.river },
    { name: 'Brown noise', asLinked: asLinked.all - asLinked.riverAndPink, set: set.all - set.riverAndPink },
  ];
  console.log(`as the link started them, re set on their sliders: ${linked.map((layer) => `${layer.name} ${powerDb(layer.asLinked / layer.set).toFixed(2)} dB`).join(', ')}`);
  test.info().annotations.push({ type: 'as linked re set on the slider (dB)', description: linked.map((layer) => `${layer.name} ${powerDb(layer.asLinked / layer.set).toFixed(2)}`).join(', ') });
  for (const layer of linked) expect(Math.abs(powerDb(layer.asLinked / layer.set)), `${layer.name} at the link's level`).toBeLessThanOrEqual(TOLERANCE_DB);

  // The sleep timer's fade (SPEC's ~1 s, in 100 ms steps), each step held on the paused clock: the whole mix follows it to silence.
  await inPanel(page, async () => {
    for (const layer of NOISES) await setLayerPercent(page, layer.name, layer.level);
  });
  const full = await recordPower(page, 3000);
  await page.getByRole('button', { name: 'Sleep timer', exact: true }).click();
  const timer = page.getByRole('dialog', { name: 'Sleep timer' });
  await timer.getByLabel('Minutes').fill('1');
  await timer.getByRole('button', { name: 'Start timer' }).click();
  await expect(timer).toBeHidden();
  // Past the deadline by the time the test took since the tap: the fade's first step (0.9) is on.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.clock.fastForward(59_000);
  await expect(page.getByTestId('sleep-timer-chip')).toHaveText('Sleep timer: fading out');
  const steps: string[] = [];
  for (let step = 1; step <= 9; step++) {
    if (step > 1) await page.clock.runFor(100);
    const heard = powerDb((await recordPower(page, FADE_STEP_MS, 150)) / full);
    const fade = 1 - step / 10;
    steps.push(`${fade.toFixed(1)}: ${heard.toFixed(2)} (law ${db(fade).toFixed(2)})`);
    expect(Math.abs(heard - db(fade)), `the mix at fade ${fade.toFixed(1)}`).toBeLessThanOrEqual(FADE_TOLERANCE_DB);
  }
  await page.clock.runFor(100);
  const silent = powerDb((await recordPower(page, FADE_STEP_MS, 150)) / full);
  console.log(`sleep fade, the mix in dB re before: ${steps.join(', ')}; then ${silent.toFixed(1)}`);
  test.info().annotations.push({ type: 'sleep fade (dB re before)', description: `${steps.join(', ')}; then ${silent.toFixed(1)}` });
  expect(silent).toBeLessThan(-50);
  await expect(playerBar(page)).toHaveAttribute('data-status', 'paused');
  await page.clock.resume();

  // Play again, then Remove River: Pink and Brown play on at their levels, River's share is gone.
  await playerBar(page).getByRole('button', { name: 'Play' }).click();
  await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
  await openMixPanel(page);
  await mixPanel(page).getByRole('button', { name: 'Remove River' }).click();
  await expect(playerBar(page).getByTestId('player-layers')).toHaveAttribute('data-sounds', 'pink brown');
  const both = await power(page);
  await setLayerPercent(page, 'Brown noise', 0);
  const pinkAndTrack = await power(page);
  await setLayerPercent(page, 'Pink noise', 0);
  const track = await power(page);
  const kept = { pink: pinkAndTrack - track, brown: both - pinkAndTrack };
  const riverLeft = (track - trackAlone) / figures.get('river')!.atLink;
  console.log(
    `after Remove River: Pink ${powerDb(kept.pink / figures.get('pink')!.atLink).toFixed(2)} dB, Brown ${powerDb(kept.brown / figures.get('brown')!.atLink).toFixed(2)} dB re before; ` +
      `the track alone ${powerDb(track).toFixed(1)} dBFS (${powerDb(trackAlone).toFixed(1)} before), River's share left ${riverLeft.toFixed(3)}`,
  );
  for (const sound of ['pink', 'brown'] as const) expect(Math.abs(powerDb(kept[sound] / figures.get(sound)!.atLink)), `${sound} after Remove River`).toBeLessThanOrEqual(TOLERANCE_DB);
  // River at 50 % stood 10 dB over the track: what is left of it is under a tenth of that (the track's own swing is about ±1 dB).
  expect(riverLeft).toBeLessThan(0.1);
  await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
});
