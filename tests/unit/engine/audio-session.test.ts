/**
 * The engine applies the listener's audio session (issue 40) to a fake `navigator.audioSession`
 * (iOS 16.4+; jsdom has none): 'playback' at start by default, the stored choice, a change at once
 * while playing, nothing where the API is missing, and no context made by the bus overrides it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAudioBus } from '../../../src/engine/audio-bus';
import { followAudioSession, hasAudioSession, startAudioSession } from '../../../src/engine/audio-session';
import { chooseAudioSessionType, createAudioSessionStore } from '../../../src/stores/audio-session-store';
import { createMixStore } from '../../../src/stores/mix-store';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** What iOS offers: a session whose type the page sets; 'auto' until it does. Returns the types set, in order. */
function fakeAudioSession(options: { rejects?: string } = {}): { session: { type: string }; set: string[] } {
  let type = 'auto';
  const set: string[] = [];
  const session = {
    get type() {
      return type;
    },
    set type(value: string) {
      if (value === options.rejects) throw new TypeError(`The type ${value} is not supported`);
      set.push(value);
      type = value;
    },
  };
  Object.defineProperty(navigator, 'audioSession', { value: session, configurable: true });
  return { session, set };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'audioSession');
});

describe('the audio session', () => {
  it("sets 'playback' at start by default", () => {
    const { session } = fakeAudioSession();
    const stop = followAudioSession(createAudioSessionStore());
    expect(session.type).toBe('playback');
    stop();
  });

  it('applies the stored choice at start, and a change at once while a context plays', async () => {
    const { session, set } = fakeAudioSession();
    localStorage.setItem('audioSessionType', '"ambient"');
    const store = createAudioSessionStore();
    const stop = startAudioSession(store);
    expect(session.type).toBe('ambient');
    const bus = createAudioBus({ mix: createMixStore(), outputElement: false, inGesture: () => true, createContext: () => new AudioContext() });
    bus.open();
    bus.hold('test', true);
    // The bus's contexts leave the listener's choice alone (before issue 40 each new one set 'playback').
    expect(session.type).toBe('ambient');
    chooseAudioSessionType('playback', store);
    await settle();
    expect(session.type).toBe('playback');
    chooseAudioSessionType('ambient', store);
    await settle();
    expect(session.type).toBe('ambient');
    expect(set).toEqual(['ambient', 'playback', 'ambient']);
    stop();
    chooseAudioSessionType('playback', store);
    await settle();
    expect(session.type).toBe('ambient');
    bus.dispose();
  });

  it('keeps playing in the default session when the browser rejects a type', async () => {
    const { session } = fakeAudioSession({ rejects: 'ambient' });
    const store = createAudioSessionStore();
    const stop = followAudioSession(store);
    chooseAudioSessionType('ambient', store);
    await settle();
    expect(session.type).toBe('playback');
    stop();
  });

  it('does nothing, and offers no choice, where the browser has no audio session', async () => {
    expect(hasAudioSession()).toBe(false);
    const store = createAudioSessionStore();
    const stop = followAudioSession(store);
    chooseAudioSessionType('ambient', store);
    await settle();
    expect('audioSession' in navigator).toBe(false);
    stop();
  });
});
