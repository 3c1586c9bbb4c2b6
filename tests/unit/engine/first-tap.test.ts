/**
 * The first tap before hydration (issue 24): the first-paint script's listener (run here as the
 * prerender writes it) and the app's side of the hand-over (src/engine/first-tap.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_TAP, type FirstTapHandover } from '../../../src/lib/first-paint';
import { firstPaintScript } from '../../../src/lib/first-paint-script';
import { handedOverContext, playFirstTap, takeFirstTapElementSource, takeFirstTapSound } from '../../../src/engine/first-tap';
import { playerStore } from '../../../src/stores/player-store';
import { noiseStore } from '../../../src/stores/noise-store';

const STILL_LOADING = 'Still loading';
const COULD_NOT_LOAD = 'Could not load';
const NOISE_RMS = { white: 0.05, pink: 0.05, brown: 0.05 };
const handover = () => (window as unknown as { __lullFirstTap: FirstTapHandover }).__lullFirstTap;
const note = () => document.getElementById(FIRST_TAP.noteId);

function card(intent: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.setAttribute(FIRST_TAP.intent, intent);
  button.innerHTML = '<span>Ocean</span>';
  document.body.appendChild(button);
  return button;
}

describe('the first-paint script, before React answers taps', () => {
  let played: number;
  beforeEach(() => {
    vi.useFakeTimers();
    played = 0;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => {
      played++;
      return Promise.resolve();
    });
    document.body.replaceChildren();
    // Evaluated as the browser does: a classic script in the page's global scope.
    new Function(firstPaintScript({ reversedHostPrefix: 'reversed.', sidebarOpenKey: 'sidebarOpen', stillLoading: STILL_LOADING, couldNotLoad: COULD_NOT_LOAD, masterVolumeKey: 'masterVolume', defaultMasterVolume: 1, noiseRms: NOISE_RMS }))();
  });
  afterEach(() => {
    // Each test runs the script again on the same document: the earlier listeners must stand down.
    handover().off = true;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('takes a tap on a marked control: marks it, unlocks audio inside the tap, keeps the intent', () => {
    const ocean = card('sound:0');
    ocean.querySelector('span')!.click();
    expect(ocean.getAttribute('aria-busy')).toBe('true');
    expect(ocean.hasAttribute(FIRST_TAP.taken)).toBe(true);
    expect(handover().intent).toBe('sound:0');
    expect(handover().context).toBeInstanceOf(AudioContext);
    expect(handover().element).toBeInstanceOf(HTMLAudioElement);
    expect(played).toBe(1);
  });

  it('a second tap on the same control takes it back; a tap on another moves the intent there', () => {
    const ocean = card('sound:0');
    const rain = card('sound:2');
    ocean.click();
    ocean.click();
    expect(handover().intent).toBeNull();
    expect(ocean.hasAttribute('aria-busy')).toBe(false);
    ocean.click();
    rain.click();
    expect(handover().intent).toBe('sound:2');
    expect(ocean.hasAttribute(FIRST_TAP.taken)).toBe(false);
    expect(rain.hasAttribute(FIRST_TAP.taken)).toBe(true);
  });

  it('says the app is still loading after a few seconds, and at once that it could not load when a script failed', () => {
    card('noise:brown').click();
    vi.advanceTimersByTime(FIRST_TAP.stillLoadingAfterMs - 1);
    expect(note()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(note()?.textContent).toBe(STILL_LOADING);
    expect(note()?.getAttribute('role')).toBe('alert');
    const script = document.createElement('script');
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error'));
    expect(note()?.textContent).toBe(COULD_NOT_LOAD);
  });

  it('a noise is heard from the tap: its colour on a loop at the app\'s RMS and stored level; taken back or failed, it fades', () => {
    localStorage.setItem('masterVolume', '0.5');
    const brown = card('noise:brown');
    brown.click();
    // Made after the frame that shows the mark.
    expect(handover().voice).toBeNull();
    vi.advanceTimersByTime(20);
    const voice = handover().voice;
    expect(voice?.intent).toBe('noise:brown');
    // What reaches the speakers (web-audio-test-api's graph as JSON): a buffer source, through its gain.
    const graph = JSON.stringify((handover().context!.destination as unknown as { toJSON(): unknown }).toJSON());
    expect(graph).toContain('AudioBufferSourceNode');
    brown.click();
    expect(handover().voice).toBeNull();
    // Taken back before its frame: never made. Again, then the app's script fails to load: the voice stops with the
    // note, since no Pause could reach it.
    brown.click();
    brown.click();
    vi.advanceTimersByTime(20);
    expect(handover().voice).toBeNull();
    brown.click();
    vi.advanceTimersByTime(20);
    expect(handover().voice?.intent).toBe('noise:brown');
    const script = document.createElement('script');
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error'));
    expect(handover().voice).toBeNull();
    // A sound card starts no voice (its file is the app's to read).
    card('sound:1').click();
    vi.advanceTimersByTime(20);
    expect(handover().voice).toBeNull();
  });

  it('does nothing once the app has taken the page, nor for a tap elsewhere', () => {
    document.body.appendChild(document.createElement('p')).click();
    expect(handover().intent).toBeNull();
    handover().off = true;
    const ocean = card('sound:0');
    ocean.click();
    vi.advanceTimersByTime(FIRST_TAP.stillLoadingAfterMs * 2);
    expect(handover().intent).toBeNull();
    expect(ocean.hasAttribute('aria-busy')).toBe(false);
    expect(played).toBe(0);
    expect(note()).toBeNull();
  });
});

describe("the app's side of the hand-over", () => {
  const empty = (): FirstTapHandover => ({ intent: null, target: null, context: null, element: null, elementSource: null, off: false, voice: null });

  it("the bus's first context is the one the tap resumed, then new ones", () => {
    const first = empty();
    first.context = new AudioContext();
    const create = handedOverContext(first);
    const unlocked = first.context;
    expect(create()).toBe(unlocked);
    const next = create();
    expect(next).toBeInstanceOf(AudioContext);
    expect(next).not.toBe(unlocked);
  });

  it('a context the app made first is left for the script to resume in a later tap', () => {
    const before = empty();
    const ctx = handedOverContext(before)();
    expect(before.context).toBe(ctx);
  });

  it('after hydration the intent plays, the marks and the note go, and the script stops', () => {
    const taken = empty();
    const ocean = card('sound:3');
    ocean.setAttribute(FIRST_TAP.taken, '');
    ocean.setAttribute('aria-busy', 'true');
    const shown = document.body.appendChild(document.createElement('p'));
    shown.id = FIRST_TAP.noteId;
    Object.assign(taken, { intent: 'sound:3', target: ocean });
    playFirstTap(taken);
    expect(playerStore.currentIndex).toBe(3);
    expect(playerStore.intent).toBe('play');
    expect(taken).toMatchObject({ intent: null, target: null, off: true });
    expect(ocean.hasAttribute('aria-busy')).toBe(false);
    expect(ocean.hasAttribute(FIRST_TAP.taken)).toBe(false);
    expect(note()).toBeNull();
  });

  it("the script's noise fades once the app's own generator of that colour sounds, not before; any other voice at once", async () => {
    const fade = vi.fn();
    noiseStore.status = 'starting';
    playFirstTap({ ...empty(), intent: 'noise:pink', voice: { intent: 'noise:pink', fade } });
    await Promise.resolve();
    expect(fade).not.toHaveBeenCalled();
    noiseStore.status = 'playing';
    await vi.waitFor(() => expect(fade).toHaveBeenCalledTimes(1));
    noiseStore.status = 'stopped';
    const other = vi.fn();
    playFirstTap({ ...empty(), intent: 'sound:1', voice: { intent: 'noise:pink', fade: other } });
    expect(other).toHaveBeenCalledTimes(1);
    expect(fade).toHaveBeenCalledTimes(1);
  });

  it("a soundscape's voice is the track's to take (with its read, unless the track has a saved copy), once; not taken, it fades when the player settles", async () => {
    const fades: (number | undefined)[] = [];
    let reads = 0;
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const soundVoice = (src: string) => ({
      intent: 'sound:0',
      src,
      position: (t: number) => t - 1,
      read: () => (reads++ === 0 ? Promise.resolve(new Response(bytes)) : null),
      fade: (at?: number) => fades.push(at),
    });
    const taken = { ...empty(), voice: soundVoice('/media/ocean.mp3') };
    const take = takeFirstTapSound(taken);
    expect(take({ src: '/media/rain.mp3', url: '/media/rain.mp3' })).toBeNull();
    const sound = take({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' })!;
    expect(taken.voice).toBeNull();
    expect(take({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' })).toBeNull();
    expect(sound.voice.position(3)).toBe(2);
    // The file is the script's read: no second download.
    expect(new Uint8Array(await sound.file!.whole)).toEqual(bytes);
    sound.voice.fade(5);
    expect(fades).toEqual([5]);
    // A saved copy is read from the device: the script's read is not taken (its fade stops it).
    const saved = { ...empty(), voice: soundVoice('/media/ocean.mp3') };
    reads = 1;
    expect(takeFirstTapSound(saved)({ src: 'blob:copy', url: '/media/ocean.mp3', blob: new Blob([bytes]) })?.file).toBeUndefined();
    expect(reads).toBe(1);
    // Not taken (the player settled without the track asking for it): faded then, not before.
    const untaken = { ...empty(), intent: 'sound:0', voice: soundVoice('/media/ocean.mp3') };
    playFirstTap(untaken);
    expect(playerStore.status).toBe('loading');
    expect(fades).toHaveLength(1);
    playerStore.status = 'playing';
    await vi.waitFor(() => expect(fades).toHaveLength(2));
  });

  it("a song's element source is adopted once, on its own context; the song it plays crossfades into the app's path", () => {
    const fades: (number | undefined)[] = [];
    const ctx = { currentTime: 5 } as BaseAudioContext;
    const node = { context: ctx } as unknown as MediaElementAudioSourceNode;
    const events: string[] = [];
    let value = 1;
    const param = {
      get value() { return value; },
      set value(v: number) { value = v; events.push(`value ${v}`); },
      cancelScheduledValues: () => undefined,
      setValueAtTime: (v: number, t: number) => events.push(`set ${v} at ${t.toFixed(3)}`),
      linearRampToValueAtTime: (v: number, t: number) => events.push(`ramp to ${v} at ${t.toFixed(3)}`),
    };
    const into = { gain: param } as unknown as GainNode;
    const handover = { ...empty(), elementSource: node, voice: { intent: 'sound:13', song: true, fade: (at?: number) => fades.push(at) } };
    const adopt = takeFirstTapElementSource(handover);
    expect(adopt({ currentTime: 5 } as BaseAudioContext, into)).toBeNull();
    expect(adopt(ctx, into)).toBe(node);
    // Silent from now, in from 20 ms ahead over 20 ms; the script's path out over the same 20 ms.
    expect(events).toEqual(['value 0', 'set 0 at 5.020', 'ramp to 1 at 5.040']);
    expect(fades).toEqual([5.02]);
    expect(handover).toMatchObject({ elementSource: null, voice: null });
    expect(adopt(ctx, into)).toBeNull();
  });

  // Each of these reads as a catalogue index through Number() (3, 3, 0, 1, 3): only the intent's own check
  // (digits only) stops them, so the store sees no call at all.
  for (const intent of ['sound:3.0', 'sound:0x3', 'sound:', 'sound:1e0', 'sound: 3']) {
    it(`an intent it does not know plays nothing (${JSON.stringify(intent)})`, () => {
      const before = JSON.stringify(playerStore);
      playFirstTap({ ...empty(), intent });
      expect(JSON.stringify(playerStore)).toBe(before);
    });
  }
});
