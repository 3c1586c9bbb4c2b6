/** The bus's contract (audio-bus.ts): what engines receive, and what the bus is built from. */
import type { MixState } from '../stores/mix-store';

export interface BusNodes {
  readonly ctx: AudioContext;
  /** Where every source's own gain connects. */
  readonly input: GainNode;
}

export interface AudioBus {
  /**
   * Creates or resumes the context and starts the output: call inside the gesture. A context suspended
   * too long is replaced only inside a gesture; outside one (the lock screen's Play) it is resumed, since
   * a new one would start suspended and its element refused. Undefined without Web Audio.
   */
  open(): BusNodes | undefined;
  /** Builds the graph ahead of the tap, suspended and silent (start-app.ts), so the tap only resumes it. No-op once built. */
  prepare(): void;
  /** The graph as it is, without creating anything. */
  current(): BusNodes | undefined;
  /** An open's resume is unanswered: a 'suspended' state change now is the bus's own late suspend, not the system. */
  isResuming(): boolean;
  /** `holder` plays (or stopped playing): while nobody holds the bus it is paused and suspended. */
  hold(holder: string, playing: boolean): void;
  /** The sleep timer's fade, 0..1, ramped. */
  setFade(level: number): void;
  /** The sleep timer's long fade: the fade gain to 0 over `seconds`, linear on the audio clock (setFade ends it). */
  fadeOut(seconds: number): void;
  /** master × fade, for the element-only fallback where Web Audio is missing. */
  level(): number;
  /** Called with the new graph when the context was replaced (sources must reconnect). */
  onReplaced(listener: (nodes: BusNodes) => void): () => void;
  /** Called when master × fade changes (the element-only fallback applies it as element.volume). */
  onLevel(listener: () => void): () => void;
  /**
   * Called with true when something else paused the output element while it was meant to play (the
   * OS: an interruption, audio focus lost on Android), and with false when it plays again without the
   * app asking (the OS gave it back, or the lock screen's play). Engines show what it really does.
   */
  onInterrupted(listener: (interrupted: boolean) => void): () => void;
  dispose(): void;
}

export interface AudioBusDeps {
  mix?: MixState;
  createContext?: () => AudioContext | undefined;
  /** Whether to add the stream element that anchors the media session (default: where the engine hears one, `streamOutputIsHeard`). */
  outputElement?: boolean;
  /** Whether the code runs inside the user's gesture (default: navigator.userActivation). */
  inGesture?: () => boolean;
  now?: () => number;
  parent?: HTMLElement;
}
