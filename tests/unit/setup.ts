import 'fake-indexeddb/auto';
import 'web-audio-test-api';
import { afterEach } from 'vitest';

declare const WebAudioTestAPI: { setState(state: Record<string, string>): void };

WebAudioTestAPI.setState({
  'AudioContext#suspend': 'enabled',
  'AudioContext#resume': 'enabled',
  'AudioContext#close': 'enabled',
});

afterEach(() => {
  localStorage.clear();
});
