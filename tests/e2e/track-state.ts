/**
 * What the track really does, observed from outside the app (issue 38: no test doors in production): a song (or a
 * soundscape that cannot be windowed) plays on the shared <audio id="lull-player">, read from the DOM; a soundscape
 * plays as buffer sources on the audio clock, seen through the wrapped Web Audio calls (audio-census.ts), and which
 * one it is is what the player bar shows. Shared by the offline, player, playlists and other specs.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { AudioCensus } from './audio-census';
import { catalogueEntries } from '../../src/catalogue/entries';

/** The in-order windows played while a soundscape's file arrives are this long (STREAM_WINDOW_S in track-voices.ts). */
const STREAM_WINDOW_S = 0.5;

export interface TrackState {
  /** The catalogue file it plays (even when it plays the saved copy): the element's, or the soundscape the bar names. */
  file: string;
  /** The element's src; '' while a soundscape plays on the audio clock. */
  src: string;
  /** Where the sound comes from: the saved copy or the stream (null while nothing is loaded). */
  from: 'cache' | 'network' | null;
  paused: boolean;
  /** The element's place in its file; for a soundscape, the seconds its buffer sources have sounded so far (it moves while it plays). */
  currentTime: number;
  error: number | null;
  /** The element's loop flag; a soundscape on the audio clock loops (the catalogue says which sounds are soundscapes). */
  loop: boolean;
  /** element.volume: 1 always, since levels are Web Audio gains (iOS cannot set it). */
  volume: number;
  /** How many track elements the page holds (SPEC 1: one). */
  count: number;
}

const fileOf = (url: string) => url.replace(/^(.*\/)?media\//, '').replace(/\?.*$/, '');

export const trackState = async (page: Page): Promise<TrackState> => {
  const seen = await page.evaluate(() => {
    const audio = document.getElementById('lull-player') as HTMLAudioElement | null;
    const count = document.querySelectorAll('audio#lull-player').length;
    if (audio?.hasAttribute('src')) {
      return { on: 'element' as const, url: audio.dataset.url ?? '', src: audio.src, paused: audio.paused, currentTime: audio.currentTime, error: audio.error?.code ?? null, loop: audio.loop, volume: audio.volume, count };
    }
    const census = (window as unknown as { __audioCensus?: AudioCensus }).__audioCensus;
    const title = document.querySelector('[data-testid="player-bar"] [data-testid="player-title"]')?.cloneNode(true) as HTMLElement | undefined;
    title?.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    const pressed = document.querySelector<HTMLElement>('[data-testid="sound-grid"] button[aria-pressed="true"][data-sound-index]');
    const now = census?.now();
    return {
      on: 'web-audio' as const,
      // What the bar names, or (before the bar's code has loaded) the card shown as playing.
      name: title?.textContent?.trim() ?? '',
      index: pressed ? Number(pressed.dataset.soundIndex) : null,
      reversed: location.hostname.startsWith('reversed.'),
      // Read since the listener's last press (or media key): streamed; a sound started with no read plays its saved copy.
      reads: census?.mediaReads.filter((read) => read.at >= census.lastGestureAt && read.ok !== false).map((read) => read.url) ?? [],
      sounding: now?.sounding ?? 0,
      heardSeconds: now?.heardSeconds ?? 0,
      volume: audio?.volume ?? 1,
      count,
    };
  });
  if (seen.on === 'element') {
    const from = seen.src.startsWith('blob:') ? 'cache' : seen.src ? 'network' : null;
    return { file: fileOf(seen.url), src: seen.src, from, paused: seen.paused, currentTime: seen.currentTime, error: seen.error, loop: seen.loop, volume: seen.volume, count: seen.count };
  }
  const entry = catalogueEntries.find((e) => (seen.name ? e.name === seen.name : e.index === seen.index));
  const file = entry ? fileOf((seen.reversed && entry.reversedURL) || entry.url) : '';
  const from = !file ? null : seen.reads.some((url) => fileOf(url) === file) ? 'network' : 'cache';
  return { file, src: '', from, paused: seen.sounding === 0, currentTime: seen.heardSeconds, error: null, loop: file !== '', volume: seen.volume, count: seen.count };
};

/** Really playing: the right file, from the saved copy or the stream (either, unless `from` says), not paused, its clock moving. */
export async function expectTrackPlaying(page: Page, file: string, from: 'cache' | 'network' | 'either' = 'either') {
  await expect.poll(async () => (await trackState(page)).file).toBe(file);
  // The source first: play() runs inside the tap, so a saved copy that cannot play is unpaused until its error swaps in the stream.
  if (from !== 'either') await expect.poll(async () => (await trackState(page)).from).toBe(from);
  await expect.poll(async () => (await trackState(page)).paused).toBe(false);
  const state = await trackState(page);
  if (from !== 'either') expect(state.from).toBe(from);
  else expect(['cache', 'network'], `${file} plays from ${state.src || 'the audio clock'}`).toContain(state.from);
  await expect.poll(async () => (await trackState(page)).currentTime, { timeout: 10_000 }).toBeGreaterThan(state.currentTime + 0.2);
}

/**
 * A soundscape is heard from its decoded walk (the file is whole): a window longer than the in-order ones played while
 * the file arrives (STREAM_WINDOW_S) sounds.
 */
export const playsWholeFile = (page: Page): Promise<boolean> =>
  page.evaluate((streamWindow) => {
    const census = (window as unknown as { __audioCensus?: AudioCensus }).__audioCensus;
    return (census?.now().longestSounding ?? 0) > 2 * streamWindow;
  }, STREAM_WINDOW_S);

/** What a soundscape is heard from: 'decoded' once its walk over the whole file plays, else 'streaming'. */
export const playerLoop = async (page: Page): Promise<string> => ((await playsWholeFile(page)) ? 'decoded' : 'streaming');

/** Waits until the decoded walk is what is heard (the file arrives first, played in order). */
export const expectDecodedLoop = (page: Page) => expect.poll(() => playsWholeFile(page), { timeout: 20_000 }).toBe(true);

/** The song on the element reaches its end, as it would after minutes of listening. */
export const endSong = (page: Page, before = 0.4) =>
  page.evaluate((before) => {
    const audio = document.getElementById('lull-player') as HTMLAudioElement;
    audio.currentTime = Math.max(0, audio.duration - before);
  }, before);

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
