/**
 * The offline render page (tests/render/offline-render.ts) from a spec: the page on the render server, and its
 * renders, which run in the page and hand back figures (tests/render/render-api.ts).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { LoopRenderOptions, LullRender, MixRenderOptions, OwnSoundRenderOptions, SleepRenderOptions } from './render-api';

const RENDER_URL = `http://localhost:${process.env.RENDER_PORT}/tests/render/offline-render.html`;

export async function openRenderPage(page: Page): Promise<void> {
  await page.goto(RENDER_URL);
  await expect(page).toHaveTitle('offline render ready', { timeout: 30_000 });
}

type Render = { lullRender: LullRender };

export const renderLoop = (page: Page, options: LoopRenderOptions) => page.evaluate((o) => (window as unknown as Render).lullRender.loop(o), options);
export const renderMix = (page: Page, options: MixRenderOptions) => page.evaluate((o) => (window as unknown as Render).lullRender.mix(o), options);
export const renderOwnSound = (page: Page, options: OwnSoundRenderOptions) => page.evaluate((o) => (window as unknown as Render).lullRender.ownSound(o), options);
export const renderSleep = (page: Page, options: SleepRenderOptions) => page.evaluate((o) => (window as unknown as Render).lullRender.sleep(o), options);
