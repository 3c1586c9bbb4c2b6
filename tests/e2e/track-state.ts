/** What the shared track element really does, and the status line's history: shared by the offline and player-engine specs. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface TrackState {
  /** The catalogue file it plays (even when src is the saved copy's blob: URL). */
  file: string;
  src: string;
  paused: boolean;
  currentTime: number;
  error: number | null;
  loop: boolean;
  /** element.volume: 1 always, since levels are Web Audio gains (iOS cannot set it). */
  volume: number;
  /** How many track elements the page holds (SPEC 1: one). */
  count: number;
}

export const trackState = (page: Page): Promise<TrackState> =>
  page.evaluate(() => {
    const audio = (window as unknown as { lullTrack: HTMLAudioElement }).lullTrack;
    return {
      file: (audio?.dataset.url ?? '').replace(/^.*\/media\//, '').replace(/\?.*$/, ''),
      src: audio?.src ?? '',
      paused: audio?.paused ?? true,
      currentTime: audio?.currentTime ?? 0,
      error: audio?.error?.code ?? null,
      loop: audio?.loop ?? false,
      volume: audio?.volume ?? 1,
      count: document.querySelectorAll('audio#lull-player').length,
    };
  });

/** Really playing: the right file, from the saved copy (blob:) or the stream (either, unless `from` says), not paused, its clock moving. */
export async function expectTrackPlaying(page: Page, file: string, from: 'cache' | 'network' | 'either' = 'either') {
  await expect.poll(async () => (await trackState(page)).file).toBe(file);
  // The source first: play() runs inside the tap, so a saved copy that cannot play is unpaused until its error swaps in the stream.
  const source = (src: string) => (src.startsWith('blob:') ? 'cache' : new URL(src).pathname === `/media/${file}` ? 'network' : src);
  if (from !== 'either') await expect.poll(async () => source((await trackState(page)).src)).toBe(from);
  await expect.poll(async () => (await trackState(page)).paused).toBe(false);
  const state = await trackState(page);
  if (from !== 'either') expect(source(state.src)).toBe(from);
  else expect(['cache', 'network'], `${file} plays from ${state.src}`).toContain(source(state.src));
  await expect.poll(async () => (await trackState(page)).currentTime, { timeout: 10_000 }).toBeGreaterThan(state.currentTime + 0.2);
}

/** What a looping soundscape is heard from (loop-handover.ts): 'decoded' once its decoded copy took over, 'element' or '' before. */
export const playerLoop = (page: Page): Promise<string> =>
  page.evaluate(() => ((window as unknown as { lullTrack: HTMLAudioElement }).lullTrack)?.dataset.loop ?? '');

/** Waits until the decoded loop is what is heard (the element plays until the file is decoded). */
export const expectDecodedLoop = (page: Page) => expect.poll(() => playerLoop(page), { timeout: 20_000 }).toBe('decoded');

/** Keeps every status message shown, in order (a message can be replaced faster than a poll); call before the page loads. */
export async function recordStatuses(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __statuses: string[] }).__statuses = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="offline-status-message"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export const statuses = (page: Page) => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
