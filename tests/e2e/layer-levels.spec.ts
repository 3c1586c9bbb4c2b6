/**
 * Issue 23, done-when: a 3-layer mix from a v2 link. What each level sounds like is proven on offline renders
 * (issue 38): each layer at its slider × its catalogue volume, the master over the whole mix, the mix the sum of its
 * layers (mix-levels-render.spec.ts), and the sleep timer's fades (sleep-fade-render.spec.ts); the engine plays the
 * store's levels and follows them (tests/unit/engine/layers/layer-engine.test.ts). Until issue 38 this spec recorded
 * all of it in real time (about 3 minutes). What stays here needs the app, not a recording: the link's levels reach
 * the mix, as the mix panel's sliders show, and the three layers play.
 */
import { test, expect } from './fixtures';
import { masterSlider, mixPanel, openMixPanel, playerBar } from './mix-panel';

const LAYERS = [
  { sound: 'river', name: 'River', level: 50 },
  { sound: 'pink', name: 'Pink noise', level: 80 },
  { sound: 'brown', name: 'Brown noise', level: 30 },
];
const LINK = `/?mix=2&sound=crickets&layers=${LAYERS.map((layer) => `${layer.sound}:${layer.level}`).join(',')}&volume=100&alive=0&seed=7`;

test("a 3-layer mix from a v2 link plays each layer at the link's level, Alive off, the master at the link's 100 %", async ({ page }) => {
  await page.goto(LINK);
  await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
  await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
  await expect(playerBar(page).getByTestId('player-layers')).toHaveAttribute('data-sounds', 'river pink brown');
  await openMixPanel(page);
  await expect(mixPanel(page).getByLabel('Alive: levels drift slowly')).not.toBeChecked();
  await expect(masterSlider(page)).toHaveAttribute('aria-valuenow', '100');
  for (const layer of LAYERS) await expect(mixPanel(page).getByRole('slider', { name: `${layer.name} level` })).toHaveAttribute('aria-valuenow', String(layer.level));
});
