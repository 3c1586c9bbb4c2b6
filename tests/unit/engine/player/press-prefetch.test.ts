/**
 * What a mix link's card does before the tap (press-prefetch.ts): its track, offered while the card shows, is read
 * and warmed (its first window decoded) once the saved list says it streams; a card that goes without a tap stops the
 * read, a tap keeps it; nothing is read for a saved sound, a song or with Save-Data; a press on the offered card or a
 * scroll (pointercancel) does not cancel the offer's read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { soundscapes } from '../../../../src/catalogue/catalogue';
import { prefetchOnPress } from '../../../../src/engine/player/press-prefetch';
import type { TrackOutput } from '../../../../src/engine/player/track-output';
import { createOfferStore, offerSound } from '../../../../src/stores/offer-store';
import { createOfflineStore, setCachedSounds } from '../../../../src/stores/offline-store';
import { createPlayerStore, playbackUrl } from '../../../../src/stores/player-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ocean = soundscapes.find((sound) => sound.name === 'Ocean')!;
const chill = soundscapes.find((sound) => sound.name === 'Chill')!;

function setup() {
  const calls: string[] = [];
  let reading: string | null = null;
  const output = {
    holdsSource: () => false,
    prefetch: vi.fn((url: string, loops = false, warm = false) => {
      if (reading === url) return false;
      reading = url;
      calls.push(`prefetch ${url} loops=${loops} warm=${warm}`);
      return true;
    }),
    cancelPrefetch: vi.fn(() => {
      if (reading) calls.push(`cancel ${reading}`);
      reading = null;
    }),
  } as unknown as TrackOutput;
  const store = createPlayerStore();
  const offline = createOfflineStore(true);
  const offer = createOfferStore();
  const stop = prefetchOnPress({ target: window, output, store, offline, offer });
  return { calls, store, offline, offer, stop, url: playbackUrl(ocean, store) };
}

describe("a mix link's offered track", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('is read and warmed once the saved list says it streams; the card going without a tap stops the read', async () => {
    const { calls, offline, offer, stop, url } = setup();
    offerSound(ocean.index, offer);
    await settle();
    expect(calls, 'the saved list is not read yet: it may be saved').toEqual([]);
    setCachedSounds([], offline);
    await settle();
    expect(calls).toEqual([`prefetch ${url} loops=true warm=true`]);
    offerSound(null, offer);
    await settle();
    expect(calls.at(-1)).toBe(`cancel ${url}`);
    stop();
  });

  it('a tap keeps the read (the card goes after the play started)', async () => {
    const { calls, offline, offer, store, stop, url } = setup();
    setCachedSounds([], offline);
    offerSound(ocean.index, offer);
    await settle();
    store.intent = 'play';
    offerSound(null, offer);
    await settle();
    expect(calls).toEqual([`prefetch ${url} loops=true warm=true`]);
    stop();
  });

  it('reads nothing for a saved sound, a song, offline, or with Save-Data on', async () => {
    const saved = setup();
    setCachedSounds([{ soundscapeId: ocean.index, originalUrl: saved.url }], saved.offline);
    offerSound(ocean.index, saved.offer);
    const song = setup();
    setCachedSounds([], song.offline);
    offerSound(chill.index, song.offer);
    const away = setup();
    setCachedSounds([], away.offline);
    away.offline.online = false;
    offerSound(ocean.index, away.offer);
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const spare = setup();
    setCachedSounds([], spare.offline);
    offerSound(ocean.index, spare.offer);
    await settle();
    expect([saved, song, away, spare].map((each) => each.calls)).toEqual([[], [], [], []]);
    for (const each of [saved, song, away, spare]) each.stop();
  });

  it("a press on the offered card, released elsewhere, and a scroll's pointercancel leave the offer's read alone", async () => {
    const { calls, offline, offer, stop, url } = setup();
    setCachedSounds([], offline);
    offerSound(ocean.index, offer);
    await settle();
    const button = document.createElement('button');
    button.dataset.soundIndex = String(ocean.index);
    document.body.append(button);
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
    document.body.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    window.dispatchEvent(new PointerEvent('pointercancel', { bubbles: true }));
    expect(calls).toEqual([`prefetch ${url} loops=true warm=true`]);
    stop();
  });
});
