import 'fake-indexeddb/auto';
import 'web-audio-test-api';
import { afterEach } from 'vitest';

declare const WebAudioTestAPI: { setState(state: Record<string, string>): void; HTMLMediaElement: new () => object };

// web-audio-test-api checks createMediaElementSource's argument against its own element class, so
// jsdom's <audio> was refused and every engine fell back to element.volume (the path iOS never takes).
// Accepting jsdom's elements lets unit tests run the GainNode path the app runs in browsers.
const testApiElement = WebAudioTestAPI.HTMLMediaElement;
const ownInstance = Function.prototype[Symbol.hasInstance];
Object.defineProperty(testApiElement, Symbol.hasInstance, {
  value: (value: unknown) => value instanceof window.HTMLMediaElement || ownInstance.call(testApiElement, value),
});

WebAudioTestAPI.setState({
  'AudioContext#suspend': 'enabled',
  'AudioContext#resume': 'enabled',
  'AudioContext#close': 'enabled',
});

afterEach(() => {
  // A test file may run in Node's environment (`@vitest-environment node`: the service worker's script), without storage.
  globalThis.localStorage?.clear();
});
