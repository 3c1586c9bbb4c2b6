/**
 * What the browser offers for Web Audio, asked by feature, never by user agent: the context class,
 * the user's gesture, iOS's audio session, and which output an engine is heard through.
 */
type AudioContextClass = typeof AudioContext;

export function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

/**
 * The one place the app makes an AudioContext (the first-paint script's, made in a tap before the app ran, is handed
 * over to the bus: first-tap.ts). 'interactive': with 'playback' Chromium's output dropped 35-80 ms at a time in OS
 * recordings (docs/decisions/008-latency-hint-interactive.md).
 */
export function newAudioContext(): AudioContext | undefined {
  const Context = audioContextClass();
  return Context ? new Context({ latencyHint: 'interactive' }) : undefined;
}

export interface AudioSession {
  type: string;
}

/** iOS 16.4+ (Safari, and every browser on iOS) lets a page choose its audio session; elsewhere there is none. */
export const audioSession = (): AudioSession | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { audioSession?: AudioSession }).audioSession;

/**
 * Whether a media element playing a MediaStreamAudioDestinationNode's stream makes sound (then it can
 * anchor the media session: audio-output.ts). Measured at the OS (docs/engines.md): Chromium and
 * Firefox play it; WebKit (WebKitGTK 2.50, and Safari by reports) lets it "play" with its clock moving
 * and outputs silence. No page can hear its own output, so the choice goes by the features that come
 * with a working stream path: engines that can capture a media element into a stream (`captureStream`,
 * Firefox's `mozCaptureStream`) render streams to the speakers; WebKit has neither, and where it offers
 * `navigator.audioSession` (iOS 16.4+) that session, not an element, keeps Web Audio playing in the background.
 */
export function streamOutputIsHeard(): boolean {
  if (typeof navigator === 'undefined' || typeof HTMLMediaElement === 'undefined') return false;
  if (audioSession()) return false;
  const element = HTMLMediaElement.prototype as unknown as Record<string, unknown>;
  return 'captureStream' in element || 'mozCaptureStream' in element;
}

/**
 * Inside a user's gesture (a tap, a key), where a new context or a never-played element may start.
 * A lock-screen or media-key action is not one. Without the API, assume it is (the old rule).
 */
export function inUserGesture(): boolean {
  if (typeof navigator === 'undefined') return true;
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
  return activation ? activation.isActive : true;
}
