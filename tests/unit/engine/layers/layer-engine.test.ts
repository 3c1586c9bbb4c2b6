/**
 * The layer engine over web-audio-test-api: layers play only while the track is meant to play, each
 * through its own level gain into the bus; a level moved ramps that layer alone; Remove fades out
 * exactly that layer; a soundscape layer is a windowed loop voice of its real MP3 (the decode is
 * faked to the slice's own length: the test API decodes nothing); its budget is every buffer alive (live-buffers.ts).
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Soundscape } from '../../../../src/catalogue/catalogue';
import { createAudioBus, type AudioBus } from '../../../../src/engine/audio-bus';
import { fadeIn, fadeOut, ramp } from '../../../../src/engine/level-ramp';
import { loadLoopWindows } from '../../../../src/engine/soundscape/load-loop-windows';
import { createLayerEngine, JOIN_AFTER_S, type LayerEngine } from '../../../../src/engine/layers/layer-engine';
import { parseMp3Layout } from '../../../../src/engine/soundscape/mp3-layout';
import { createMixStore } from '../../../../src/stores/mix-store';
import { addLayer, applyMix, removeLayer, setBedLevel, setLayerLevel, setMixAlive } from '../../../../src/stores/mix-actions';
import { createPlayerStore, pausePlayback, playSound, reportPlaying } from '../../../../src/stores/player-store';
import { proxy } from 'valtio/vanilla';
import type { OwnTrackState } from '../../../../src/stores/own-track';
import { countLiveBuffers } from '../live-buffers';

type TestContext = AudioContext & { $processTo(time: string): void };
type TestParam = AudioParam & { $valueAtTime(time: number): number };

const FIXTURE = new Uint8Array(readFileSync(`${process.cwd()}/tests/fixtures/ocean-vbr.mp3`));
const CHILL = 15;
const settle = (ms = 20) => new Promise((r) => setTimeout(r, ms));

let engine: LayerEngine | undefined;
let bus: AudioBus | undefined;
const restore: (() => void)[] = [];

afterEach(() => {
  engine?.dispose();
  bus?.dispose();
  engine = undefined;
  bus = undefined;
  for (const undo of restore.splice(0)) undo();
});

function patch<T extends object, K extends keyof T>(target: T, key: K, value: T[K]) {
  const old = target[key];
  target[key] = value;
  restore.push(() => (target[key] = old));
}

function harness(deps: { fetchFile?: (url: string, signal?: AbortSignal) => Promise<ArrayBuffer>; readSaved?: (sound: Soundscape) => Promise<ArrayBuffer | null> } = {}) {
  const mix = createMixStore();
  const player = createPlayerStore();
  const ownTrack = proxy<OwnTrackState>({ id: null, name: '', emoji: '', playing: false, stoppedReason: null });
  const contexts: TestContext[] = [];
  const gains: GainNode[] = [];
  const createGain = AudioContext.prototype.createGain;
  patch(AudioContext.prototype, 'createGain', function (this: AudioContext) {
    const node = createGain.call(this);
    gains.push(node);
    return node;
  });
  // Decodes as a tag-honouring decoder would: a buffer as long as the slice says.
  const decode = function (this: BaseAudioContext, bytes: ArrayBuffer) {
    return Promise.resolve(this.createBuffer(2, parseMp3Layout(new Uint8Array(bytes)).length, this.sampleRate));
  } as unknown as AudioContext['decodeAudioData'];
  patch(AudioContext.prototype, 'decodeAudioData', decode);
  // The test API's OfflineAudioContext takes no options object: windows are decoded on the context itself.
  vi.stubGlobal('OfflineAudioContext', undefined);
  restore.push(() => vi.unstubAllGlobals());
  const fetched: string[] = [];
  bus = createAudioBus({
    mix,
    outputElement: false,
    createContext: () => {
      const ctx = new AudioContext() as TestContext;
      contexts.push(ctx);
      return ctx;
    },
  });
  engine = createLayerEngine({
    bus,
    runtime: { ramp, fadeIn, fadeOut, loadLoopWindows },
    mix,
    player,
    ownTrack,
    fetchFile: (url, signal) => {
      fetched.push(url);
      return deps.fetchFile?.(url, signal) ?? Promise.resolve(FIXTURE.slice().buffer);
    },
    ...(deps.readSaved ? { readSaved: deps.readSaved } : {}),
  });
  /** Layer i's level gain: after the bus's master and fade, each voice makes its level gain, then its drift gain. */
  const levelGain = (i: number) => gains[2 + 2 * i]!;
  const driftNow = (i: number) => (gains[3 + 2 * i]!.gain as TestParam).$valueAtTime(contexts[0]!.currentTime);
  const levelNow = (i: number) => (levelGain(i).gain as TestParam).$valueAtTime(contexts[0]!.currentTime);
  return { mix, player, ownTrack, contexts, gains, engine, levelGain, levelNow, driftNow, fetched };
}

describe('layer engine', () => {
  // Loaded at the first layer in the app; here, before the first test's clock starts.
  beforeAll(() => Promise.all([import('../../../../src/engine/noise/noise-sources'), import('../../../../src/engine/soundscape/loop-windows')]));

  it('plays a noise layer under a track at its level, pauses and resumes with the track, and follows the level', async () => {
    const { mix, player, contexts, gains, engine, levelNow } = harness();
    addLayer('white', undefined, mix);
    setBedLevel('white', 0.3, mix);
    await settle();
    expect(contexts).toHaveLength(0); // no track: nothing plays
    playSound(CHILL, {}, player);
    await settle();
    // Not while the track loads: the layers would slow its first sound.
    expect(contexts).toHaveLength(0);
    expect(engine.playing).toEqual([]);
    reportPlaying(player);
    await settle();
    expect(contexts).toHaveLength(1);
    expect(engine.playing).toEqual(['white']);
    contexts[0]!.$processTo('00:00.200');
    expect(levelNow(0)).toBeCloseTo(0.3, 5);
    setLayerLevel('white', 0.6, mix);
    await settle();
    contexts[0]!.$processTo('00:00.500');
    expect(levelNow(0)).toBeCloseTo(0.6, 2);
    pausePlayback(player);
    await settle();
    expect(engine.playing).toEqual([]);
    contexts[0]!.$processTo('00:00.600');
    expect(levelNow(0)).toBe(0);
    playSound(CHILL, {}, player);
    reportPlaying(player);
    await settle();
    // The graph runs now: the layer waits until the resumed track has been heard, on the audio clock.
    expect(engine.playing).toEqual([]);
    contexts[0]!.$processTo('00:00.800');
    await settle();
    expect(engine.playing).toEqual([]);
    contexts[0]!.$processTo('00:00.900');
    await settle();
    // A new voice for the resumed track (the old one was released after its fade-out).
    expect(gains.length).toBe(6);
    expect(engine.playing).toEqual(['white']);
  });

  it("go under a listener's own sound as the track: they join once it plays, stay when a catalogue track takes its place, and pause with it", async () => {
    const { mix, player, ownTrack, contexts, engine } = harness();
    addLayer('brown', undefined, mix);
    await settle();
    // Paused in the bar, it has nothing under it.
    Object.assign(ownTrack, { id: 'fan', name: 'Fan', playing: false });
    await settle();
    expect(contexts).toHaveLength(0);
    ownTrack.playing = true;
    await settle();
    expect(engine.playing).toEqual(['brown']);
    // Replaced by a catalogue track in the same tap (the own player pauses nothing: it is replaced): no gap, one voice.
    playSound(CHILL, {}, player);
    Object.assign(ownTrack, { id: null, playing: false });
    await settle();
    expect(engine.playing).toEqual(['brown']);
    reportPlaying(player);
    // The catalogue track paused, then the own sound played again: the layers follow it.
    pausePlayback(player);
    await settle();
    expect(engine.playing).toEqual([]);
    Object.assign(ownTrack, { id: 'fan', playing: true });
    await settle();
    contexts[0]!.$processTo('00:01.000');
    await settle();
    expect(engine.playing).toEqual(['brown']);
    ownTrack.playing = false;
    await settle();
    expect(engine.playing).toEqual([]);
    expect(contexts).toHaveLength(1);
  });

  it('with the graph already running, layers join after the track has played JOIN_AFTER_S on the audio clock; a pause first cancels the join', async () => {
    const { mix, player, contexts, engine } = harness();
    addLayer('pink', undefined, mix);
    // The track opened the bus in its tap, as in the app.
    bus!.open();
    playSound(CHILL, {}, player);
    reportPlaying(player);
    await settle();
    expect(engine.playing).toEqual([]);
    contexts[0]!.$processTo('00:00.100');
    pausePlayback(player);
    await settle();
    contexts[0]!.$processTo('00:01.000');
    await settle();
    expect(engine.playing).toEqual([]); // the cancelled wait never joins
    playSound(CHILL, {}, player);
    reportPlaying(player);
    await settle();
    contexts[0]!.$processTo(`00:0${(1 + JOIN_AFTER_S - 0.01).toFixed(3)}`);
    await settle();
    expect(engine.playing).toEqual([]);
    contexts[0]!.$processTo(`00:0${(1 + JOIN_AFTER_S + 0.01).toFixed(3)}`);
    await settle();
    expect(engine.playing).toEqual(['pink']);
  });

  it('offline, a saved soundscape layer plays from its saved copy; an unsaved one is fetched (and fails) without taking the other down', async () => {
    const { mix, player, engine, fetched } = harness({
      readSaved: (sound) => Promise.resolve(sound.name === 'Rain' ? FIXTURE.slice().buffer : null),
      fetchFile: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    playSound(CHILL, {}, player);
    reportPlaying(player);
    addLayer('rain', 0.8, mix);
    addLayer('fire', 0.5, mix);
    await vi.waitFor(() => expect(engine.residentBytes).toBeGreaterThan(0), { timeout: 20_000, interval: 10 });
    expect(fetched.map((url) => url.replace(/\?.*/, '').split('/').pop())).toEqual(['fire.mp3']);
    expect(engine.playing).toEqual(['rain', 'fire']);
  });

  it('plays a lofi song with rain and a noise under it; Remove silences exactly that layer', async () => {
    const { mix, player, contexts, engine, levelNow, fetched } = harness();
    playSound(CHILL, {}, player);
    reportPlaying(player);
    addLayer('rain', 0.8, mix);
    addLayer('brown', 0.4, mix);
    addLayer('fire', 0.5, mix);
    await vi.waitFor(() => expect(engine.residentBytes).toBeGreaterThan(0), { timeout: 20_000, interval: 10 });
    expect(fetched.map((url) => url.replace(/\?.*/, '').split('/').pop())).toEqual(['rain.mp3', 'fire.mp3']);
    expect(engine.playing).toEqual(['rain', 'brown', 'fire']);
    const ctx = contexts[0]!;
    ctx.$processTo('00:01.000');
    // A soundscape at 100 % plays at its catalogue volume, as it would as the track.
    const rain = levelNow(0);
    const fire = levelNow(2);
    expect(rain).toBeGreaterThan(0);
    expect(levelNow(1)).toBeCloseTo(0.4, 5);
    expect(fire).toBeGreaterThan(0);
    removeLayer('brown', mix);
    await settle();
    ctx.$processTo('00:01.500');
    expect(levelNow(1)).toBe(0);
    expect(levelNow(0)).toBeCloseTo(rain, 5);
    expect(levelNow(2)).toBeCloseTo(fire, 5);
    expect(engine.playing).toEqual(['rain', 'fire']);
  });

  it('Remove aborts the download of a soundscape layer still in flight; a pause keeps it for the resume', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const { mix, player, fetched } = harness({
      fetchFile: (_url, signal) => {
        signals.push(signal);
        return new Promise(() => undefined);
      },
    });
    addLayer('rain', 0.5, mix);
    addLayer('fire', 0.5, mix);
    playSound(CHILL, {}, player);
    reportPlaying(player);
    await settle();
    expect(fetched).toHaveLength(2);
    pausePlayback(player);
    await settle();
    expect(signals.map((signal) => signal?.aborted)).toEqual([false, false]);
    removeLayer('rain', mix);
    await settle();
    // Only Rain's download stops; Fire's goes on.
    expect(signals.map((signal) => signal?.aborted)).toEqual([true, false]);
  });

  it('six sounds fit the memory budget: five soundscape layers hold well under 64 MB decoded (every buffer alive, counted from outside)', async () => {
    const buffers = countLiveBuffers(AudioContext.prototype);
    restore.push(buffers.restore);
    const { mix, player, engine } = harness();
    playSound(CHILL, {}, player);
    reportPlaying(player);
    for (const sound of ['rain', 'fire', 'ocean', 'forest', 'wind']) addLayer(sound, 0.5, mix);
    await vi.waitFor(() => expect(engine.playing).toHaveLength(5), { timeout: 20_000, interval: 10 });
    await settle(200);
    const alive = await buffers.liveBytes();
    // Five layers of at least one 5 s window each (1.9 MB at 48 kHz stereo).
    expect(alive).toBeGreaterThan(5 * 5 * 48000 * 2 * 4);
    // The track is one more voice, at most three windows (≤ 5.8 MB) when it is a soundscape.
    expect(alive + 3 * 5 * 48000 * 2 * 4).toBeLessThanOrEqual(64 * 1024 * 1024);
  });

  it('alive: each layer drifts within ±3 dB on the audio clock, its own way; not alive holds it at its level', async () => {
    const { mix, player, contexts, driftNow } = harness();
    applyMix({ sound: 'chill', layers: [{ sound: 'white', level: 0.5 }, { sound: 'pink', level: 0.5 }], alive: true, seed: 1234 }, mix);
    playSound(CHILL, {}, player);
    reportPlaying(player);
    await settle();
    const ctx = contexts[0]!;
    const seen: [number, number][] = [];
    for (const time of ['00:45.000', '01:30.000', '03:00.000', '06:00.000']) {
      ctx.$processTo(time);
      seen.push([driftNow(0), driftNow(1)]);
    }
    const dbs = seen.flat().map((gain) => 20 * Math.log10(gain));
    for (const value of dbs) expect(Math.abs(value)).toBeLessThanOrEqual(3 + 1e-6);
    expect(Math.max(...dbs.map(Math.abs))).toBeGreaterThan(0.3);
    expect(seen.map(([a]) => a)).not.toEqual(seen.map(([, b]) => b));
    setMixAlive(false, mix);
    await settle();
    ctx.$processTo('06:10.000');
    expect(driftNow(0)).toBeCloseTo(1, 3);
    expect(driftNow(1)).toBeCloseTo(1, 3);
  });
});
