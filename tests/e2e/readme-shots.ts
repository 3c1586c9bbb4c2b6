import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';

/**
 * The README's screenshots (issue 39), written by the e2e run every time (screenshots.spec.ts) and
 * by `npm run screenshots`: so they are never stale. Each in light and dark:
 * home (1280 × 800), a phone (390 × 844), a mix playing with its levels on the cards, the mix
 * panel over it, and a shared mix link ready to play.
 */
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

export const shotPath = (name: string, scheme: Scheme) => fileURLToPath(new URL(`./screenshots/${name}-${scheme}.png`, import.meta.url));

/** A soundscape playing with a soundscape and a noise under it, from the cards. */
export const MIX = { track: 'Rain', layers: ['Fire', 'Brown noise'] } as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
  // Fonts and lazy covers drawn, transitions over.
  await page.evaluate(() => Promise.all([document.fonts.ready, ...document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity)).map((a) => a.finished.catch(() => undefined))]));
}

async function homePage(browser: Browser, baseUrl: string, scheme: Scheme, width: number, height: number, path = '') {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme, serviceWorkers: 'block' });
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('page-title').filter({ hasText: 'Home' }).waitFor();
  return page;
}

/** Writes every screenshot for one scheme; returns the paths written. */
export async function writeReadmeShots(browser: Browser, baseUrl: string, scheme: Scheme): Promise<string[]> {
  const written: string[] = [];
  const shoot = async (page: Page, name: string) => {
    await settle(page);
    const path = shotPath(name, scheme);
    await page.screenshot({ path });
    written.push(path);
  };

  const home = await homePage(browser, baseUrl, scheme, 1280, 800);
  await shoot(home, 'home');
  await home.close();

  const phone = await homePage(browser, baseUrl, scheme, 390, 844);
  await shoot(phone, 'phone');
  await phone.close();

  const mix = await homePage(browser, baseUrl, scheme, 1280, 800);
  await mix.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${MIX.track}\\b`) }).click();
  await mix.locator('[data-testid="player-bar"][data-status="playing"]').waitFor();
  for (const layer of MIX.layers) await mix.getByRole('button', { name: `Add ${layer} under the current sound` }).click();
  await mix.getByTestId('player-layers').filter({ hasText: MIX.layers.map((layer) => `+ ${layer}`).join(' ') }).waitFor();
  await mix.getByRole('slider', { name: `${MIX.layers[0]} level` }).waitFor();
  // The track's card in view, with the layers' cards below it.
  await mix.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${MIX.track}\\b`) }).evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await shoot(mix, 'mix-cards');
  await mix.getByTestId('player-bar').getByRole('button', { name: 'Mix and volume' }).click();
  await mix.getByRole('dialog', { name: 'Mix and volume' }).getByRole('slider', { name: `${MIX.layers[1]} level` }).waitFor();
  await shoot(mix, 'mix-panel');
  await mix.close();

  const link = await homePage(browser, baseUrl, scheme, 1280, 800, '?mix=2&sound=chill&layers=rain:40,brown:25&volume=80');
  await link.getByTestId('shared-mix').waitFor();
  await shoot(link, 'mix-link');
  await link.close();
  return written;
}
