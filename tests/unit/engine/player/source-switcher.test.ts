import { afterEach, describe, expect, it, vi } from 'vitest';
import { soundscapes, type Soundscape } from '../../../../src/catalogue/catalogue';
import type { PlaybackSource, PlaybackSourceService } from '../../../../src/engine/playback-sources';
import { createSourceSwitcher, MAX_RECOVERIES } from '../../../../src/engine/player/source-switcher';
import { LoopTrack } from '../../../../src/engine/player/loop-track';
import type { TrackOutput } from '../../../../src/engine/player/track-output';
import { createPlayerStore, playSound, type PlayerState } from '../../../../src/stores/player-store';

const ocean = soundscapes[0]!;
const forest = soundscapes[1]!;

/** An offline service whose answers the test gives, in any order. */
function scriptedSources() {
  const pending: { sound: Soundscape; isCurrent: () => boolean; answer: (source: PlaybackSource) => void }[] = [];
  const recoveries: ((source: PlaybackSource | null) => void)[] = [];
  const service: PlaybackSourceService = {
    resolvePlaybackSource: (sound, _url, isCurrent = () => true) => new Promise((answer) => pending.push({ sound, isCurrent, answer })),
    onStreamStarted: vi.fn(),
    recoverFromLoadError: () => new Promise((answer) => recoveries.push(answer)),
  };
  return { service, pending, recoveries };
}

/** What the fake output says it read of the loop's file (the offline save stores it). */
const readBytes = Promise.resolve(new ArrayBuffer(4));

function fakeOutput(): TrackOutput & { sources: { src: string; url: string; loops: boolean }[] } {
  const element = document.createElement('audio');
  vi.spyOn(element, 'load').mockImplementation(() => {});
  const sources: { src: string; url: string; loops: boolean }[] = [];
  return {
    element,
    media: element,
    loopTrack: new LoopTrack({ onUnplayable: () => undefined }),
    holdsSource: () => element.hasAttribute('src'),
    sources,
    open: () => {},
    unlock: () => {},
    prefetch: () => false,
    cancelPrefetch: () => {},
    setLevel: () => {},
    setSource: (source) => void sources.push({ src: source.src, url: source.url, loops: source.loops }),
    follow: () => {},
    fileBytes: () => readBytes,
    dispose: () => {},
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const store: PlayerState = createPlayerStore({ reversed: false });
  const output = fakeOutput();
  const scripted = scriptedSources();
  const play = vi.fn();
  const switched: string[] = [];
  const switcher = createSourceSwitcher({ store, output, sources: scripted.service, play, onSwitch: (next) => switched.push(next.name) });
  return { store, output, scripted, play, switched, switcher };
}

describe('source switcher', () => {
  afterEach(() => vi.restoreAllMocks());

  it('rapid switching: only the latest start reaches the element, whatever order the answers come in', async () => {
    const { store, output, scripted, play, switcher, switched } = setup();
    playSound(ocean.index, {}, store);
    switcher.switchTo(store.sourceVersion);
    playSound(forest.index, {}, store);
    switcher.switchTo(store.sourceVersion);
    expect(switcher.switching).toBe(true);
    const [forOcean, forForest] = scripted.pending;
    // The service can tell the overtaken request (it creates and revokes nothing for it).
    expect(forOcean!.isCurrent()).toBe(false);
    expect(forForest!.isCurrent()).toBe(true);
    forForest!.answer({ src: 'blob:forest', fromCache: true });
    await flush();
    forOcean!.answer({ src: 'blob:ocean', fromCache: true });
    await flush();
    expect(output.sources).toEqual([{ src: 'blob:forest', url: forest.url, loops: true }]);
    expect(switcher.sound).toBe(forest);
    expect(switcher.switching).toBe(false);
    expect(play).toHaveBeenCalledTimes(1);
    expect(switched).toEqual(['Ocean', 'Forest']);
  });

  it('a streamed track is offered to the offline cache once; a saved copy is not', async () => {
    const { store, scripted, switcher } = setup();
    playSound(ocean.index, {}, store);
    switcher.switchTo(store.sourceVersion);
    scripted.pending[0]!.answer({ src: ocean.url, fromCache: false });
    await flush();
    switcher.started();
    switcher.started();
    expect(scripted.service.onStreamStarted).toHaveBeenCalledTimes(1);
    // The bytes the player read are offered with it: the save does not download the file again.
    expect(vi.mocked(scripted.service.onStreamStarted).mock.calls[0]?.[2]).toBe(readBytes);
    playSound(forest.index, {}, store);
    switcher.switchTo(store.sourceVersion);
    scripted.pending[1]!.answer({ src: 'blob:forest', fromCache: true });
    await flush();
    switcher.started();
    expect(scripted.service.onStreamStarted).toHaveBeenCalledTimes(1);
  });

  it(`recovers at most ${MAX_RECOVERIES} times per start (the copy after the stream, the copy again under a new URL, the stream after the copy), then reports the load error`, async () => {
    const { store, output, scripted, play, switcher } = setup();
    playSound(ocean.index, {}, store);
    switcher.switchTo(store.sourceVersion);
    scripted.pending[0]!.answer({ src: ocean.url, fromCache: false });
    await flush();
    switcher.recover();
    scripted.recoveries[0]!({ src: 'blob:ocean', fromCache: true });
    await flush();
    expect(output.sources.at(-1)?.src).toBe('blob:ocean');
    expect(play).toHaveBeenCalledTimes(2);
    switcher.recover();
    scripted.recoveries[1]!({ src: 'blob:ocean-again', fromCache: true });
    await flush();
    expect(output.sources.at(-1)?.src).toBe('blob:ocean-again');
    expect(play).toHaveBeenCalledTimes(3);
    switcher.recover();
    scripted.recoveries[2]!(null);
    await flush();
    expect(store).toMatchObject({ status: 'paused', intent: 'pause', loadErrors: 1 });
    switcher.recover();
    await flush();
    expect(scripted.recoveries).toHaveLength(3);
    expect(store.loadErrors).toBe(2);
    // A retry (a tap on play) starts counting again.
    switcher.switchTo(store.sourceVersion);
    scripted.pending[1]!.answer({ src: ocean.url, fromCache: false });
    await flush();
    switcher.recover();
    expect(scripted.recoveries).toHaveLength(4);
  });

  it('a recovery that lands after a newer start is dropped', async () => {
    const { store, output, scripted, switcher } = setup();
    playSound(ocean.index, {}, store);
    switcher.switchTo(store.sourceVersion);
    scripted.pending[0]!.answer({ src: ocean.url, fromCache: false });
    await flush();
    switcher.recover();
    playSound(forest.index, {}, store);
    switcher.switchTo(store.sourceVersion);
    scripted.recoveries[0]!({ src: 'blob:ocean', fromCache: true });
    await flush();
    expect(output.sources.map((source) => source.src)).toEqual([ocean.url]);
  });
});
