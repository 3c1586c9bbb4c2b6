/**
 * A soundscape as the player's track, with no element (issue 22): one read of its file (streamed-file.ts) feeds the
 * decode and is what the offline save stores; loop voices (loop-voice.ts: decoded windows, never the whole file) own
 * its place on the audio clock. While the file arrives a voice plays it in order, each window waiting for its bytes;
 * once it is whole, a voice walking the catalogue's segments takes over at the same sample (a crossfade of the same
 * samples). The track speaks as a media element does (`play`, `pause`, `currentTime`, and 'loadstart', 'canplay',
 * 'playing', 'pause', 'seeked', 'error'), so the player follows it as it follows the element that plays songs.
 * A file this engine cannot window, or a decoder that is missing, is the element's to play (`onUnplayable`).
 */
import type { LoopTarget, Predecoded } from '../soundscape/loop-voice';
import type { StreamedFile } from '../soundscape/streamed-file';
import { DecoderMissing, failureOf, isAbort, openLoopFile, openSource, warmStart, type LoopTrackDeps, type Opened, type TrackMedia, type TrackSource, type WarmStart } from './track-media';
import { createTrackVoices, HANDOVER_LEAD_S, STREAM_WINDOW_S, type HeardElsewhere } from '../soundscape/track-voices';

export type { TrackMedia } from './track-media';
export { HANDOVER_LEAD_S, START_LEAD_S, TRACK_FADE_S } from '../soundscape/track-voices';

export class LoopTrack extends EventTarget implements TrackMedia {
  readonly dataset: DOMStringMap = {};
  readonly loop = true;
  readonly ended = false;
  private source: Omit<TrackSource, 'url'> | null = null;
  private file: StreamedFile | null = null;
  private opened: Promise<Opened> | null = null;
  private early: Promise<Predecoded | null> | null = null; // A warm start's first window, for the first voice only.
  private target: LoopTarget | null = null;
  private isPaused = true;
  /** Where the sound is while nothing plays (seconds in the file). */
  private at = 0;
  private failure: { code: number } | null = null;
  private readonly voices = createTrackVoices();
  /** Events owed, in order: a play()'s 'playing' until it is heard, and a 'canplay' that waited for it (see setSource). */
  private owed: string[] = [];
  private length = NaN;
  /** The latest start's token: an older start that resolves late is dropped. */
  private claim: object | null = null;

  constructor(private readonly deps: LoopTrackDeps) {
    super();
  }

  /** Absolute, as an element's src reads. */
  get src(): string {
    if (!this.source) return '';
    return typeof document === 'undefined' ? this.source.src : new URL(this.source.src, document.baseURI).href;
  }

  get paused(): boolean { return this.isPaused; }
  get error(): { readonly code: number } | null { return this.failure; }
  get duration(): number { return this.length; }

  get currentTime(): number {
    const heard = this.voices.heard;
    if (this.isPaused || !heard || !this.target) return this.at;
    // Before its start (a lead ahead) the voice is where it starts, not a lead before it.
    return heard.voice.position(Math.max(this.target.ctx.currentTime, heard.at)) / heard.rate;
  }

  set currentTime(seconds: number) {
    if (!Number.isFinite(seconds)) return;
    this.at = Number.isFinite(this.length) && this.length > 0 ? ((seconds % this.length) + this.length) % this.length : Math.max(0, seconds);
    if (this.isPaused || !this.voices.heard) return;
    const to = this.at;
    this.startVoice((_, rate) => to * rate, HANDOVER_LEAD_S).then((started) => started && this.emit('seeked'), () => undefined);
  }

  /** Decoded bytes held (frames × channels × 4): the voice heard, one starting and any still fading out. */
  get residentBytes(): number {
    return this.voices.residentBytes;
  }

  /** The file as read (the offline save stores these bytes); null without a source. */
  get fileBytes(): Promise<ArrayBuffer> | null {
    return this.file?.whole ?? null;
  }

  /** Where the voices play (the track gain of the current graph), or null; a new graph takes the sound over at its place. */
  attach(target: LoopTarget | null): void {
    if (target === this.target) return;
    const at = this.currentTime;
    this.stopVoices();
    this.target = target;
    this.at = at;
    if (target && !this.isPaused && this.source) this.resume();
  }

  /** Opens `file` and decodes its first window now, before any tap (setSource takes it over). */
  warm = (file: StreamedFile): WarmStart => warmStart(file, this.deps.streamWindowSeconds ?? STREAM_WINDOW_S, this.deps.loadWindows);

  /** A new file: read now (a press may already have started its read: `file`, and warmed it: `warm`), played from its start. */
  setSource(source: TrackSource, file?: StreamedFile, warm?: WarmStart): void {
    this.release();
    // A failed read is read again from the blob where there is one: the bytes are not held twice.
    this.source = { src: source.src, blob: source.blob, bytes: source.blob ? undefined : source.bytes };
    this.dataset.url = source.url;
    this.file = file ?? (this.deps.openFile ?? openSource)(source);
    const opened = warm?.opened ?? openLoopFile(this.file, this.deps.loadWindows);
    this.opened = opened;
    this.early = warm?.first ?? null;
    this.emit('loadstart');
    opened.then(
      (o) => {
        if (this.opened !== opened) return;
        const { length, sampleRate } = o.mp3.layout();
        this.length = length / sampleRate;
        // With a play waiting, 'canplay' (the player's turn to playing: a render, 25-40 ms at 4x CPU) waits for the first sound.
        if (this.owed.length > 0) this.owed.unshift('canplay');
        else this.emit('canplay');
      },
      (error: unknown) => this.opened === opened && this.fail(error),
    );
    // Once the file is whole, a streaming voice hands over to one that walks its segments.
    this.file.whole.then(
      () => this.opened === opened && this.walk(),
      () => undefined,
    );
  }

  /** After setSource: `voice` already plays this file (the first tap's); the first start takes over at its sample (crossfaded, so scheduled ahead). */
  follow(voice: HeardElsewhere): void {
    this.voices.adopt(voice);
  }

  /** The track changed to something else (a song, nothing): the read stops, the voices fade out, nothing is held. */
  release(): void {
    this.file?.abort();
    this.file = null;
    this.opened = null;
    this.early = null;
    this.source = null;
    this.failure = null;
    this.isPaused = true;
    this.owed = [];
    this.at = 0;
    this.length = NaN;
    this.stopVoices();
    delete this.dataset.url;
  }

  play(): Promise<void> {
    if (!this.source) return Promise.resolve();
    // A failed read is read again (the element's play() after an error reloads it too).
    if (this.failure) this.setSource({ ...this.source, url: this.dataset.url ?? '' });
    if (!this.isPaused) return Promise.resolve();
    this.isPaused = false;
    this.owed = ['playing'];
    this.resume();
    return Promise.resolve();
  }

  pause(): void {
    // Paused before its start: a voice heard elsewhere (follow) is faded all the same.
    if (this.isPaused) return this.voices.stop(this.target?.ctx.currentTime ?? 0);
    this.at = this.currentTime;
    this.isPaused = true;
    this.owed = this.owed.filter((type) => type !== 'playing');
    this.stopVoices();
    this.emit('pause');
    this.sayOwed();
  }

  load(): void {} // The element's load() reads its source again; the track already reads its file.

  private emit = (type: string) => this.dispatchEvent(new Event(type));

  private sayOwed(): void {
    this.owed.splice(0).forEach(this.emit);
  }

  private resume(): void {
    const { where, lead } = this.voices.startAt(this.at);
    void this.startVoice(where, lead);
  }

  /** The file is whole: the in-order voice hands over to one that walks, at the sample it has reached. */
  private walk(): void {
    const heard = this.voices.heard;
    if (this.isPaused || !heard?.streaming) return;
    void this.startVoice((at) => heard.voice.position(at), HANDOVER_LEAD_S);
  }

  /**
   * A voice from `where(at)` (file samples) at `lead` after now, crossfaded with the one heard; resolves true once
   * heard, false if another start, a pause or a new source overtook it.
   */
  private async startVoice(where: (at: number, rate: number) => number, lead: number): Promise<boolean> {
    const opened = this.opened;
    const target = this.target;
    if (!opened || !target) return false;
    const claim = {};
    this.claim = claim;
    // A file that could not be opened was reported by setSource's own wait on it.
    const o = await opened.catch(() => null);
    if (!o) return false;
    if (this.claim !== claim || this.opened !== opened || this.target !== target || this.isPaused) return false;
    if (typeof target.ctx.decodeAudioData !== 'function' || typeof target.ctx.createBufferSource !== 'function') {
      this.fail(new DecoderMissing('no decodeAudioData or buffer sources'));
      return false;
    }
    const { ctx } = target;
    const { windowSeconds, streamWindowSeconds = STREAM_WINDOW_S, aheadSeconds, startInOrder = true } = this.deps;
    const inOrder = !this.voices.heard && startInOrder;
    const predecoded = (inOrder && this.early) || undefined;
    this.early = null;
    const { voice, rate, streaming } = o.windows.createTrackVoice(o.mp3, { ...target, windowSeconds, streamWindowSeconds, aheadSeconds, inOrder, predecoded, onError: this.lost });
    this.voices.begin(voice, ctx.currentTime);
    let at: number | null;
    try {
      at = await voice.start((t) => where(t, rate), lead);
    } catch (error) {
      // fail() stops the voices itself, after it has seen whether one is heard (then the element takes over).
      if (this.voices.starting(voice)) this.fail(error);
      return false;
    }
    if (at === null || !this.voices.starting(voice)) return false;
    this.voices.take({ voice, rate, at, streaming });
    this.sayOwed();
    // The file became whole while this in-order voice was starting.
    if (streaming && this.file?.complete) this.walk();
    return true;
  }

  /** Nothing heard from `now` (the current graph's time): the start in progress is dropped, the heard voice fades out. */
  private stopVoices(now = this.target?.ctx.currentTime ?? 0): void {
    this.claim = null;
    this.voices.stop(now);
  }

  /** A window lost mid-play (the connection broke while the file arrived, a decode failed): the player is told. */
  private lost = (error: unknown) => {
    if (isAbort(error)) return;
    this.fail(error);
  };

  private fail(error: unknown): void {
    if (isAbort(error) || !this.source) return;
    const kind = failureOf(error, this.voices.heard !== null);
    // The engine cannot window the file here: the element plays it from where the sound is (never silence).
    if (kind === 'element') {
      const track = { src: this.source.src, url: this.dataset.url ?? '', at: this.currentTime, playing: !this.isPaused };
      this.release();
      return this.deps.onUnplayable(error, track);
    }
    this.failure = { code: kind };
    this.stopVoices();
    this.isPaused = true;
    this.emit('error');
  }
}
