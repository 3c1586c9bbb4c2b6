/**
 * Page-side code for the engines suite, as source text (see engines.ts). Each is a function
 * expression run with `EnginePage.run`.
 */

/**
 * Marks the first control under `scope` whose accessible name (aria-label, else its text without
 * aria-hidden parts) matches `pattern`, once React has attached its handlers (a tap on the
 * prerendered HTML before the app loaded does nothing). Returns the name, or false.
 */
export const MARK_CONTROL = `(scope, pattern) => {
  const root = scope ? document.querySelector(scope) : document;
  if (!root) return false;
  const re = new RegExp(pattern);
  for (const el of root.querySelectorAll('button, a, [role="button"], input')) {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    const name = (el.getAttribute('aria-label') || copy.textContent || '').trim();
    if (!re.test(name) || !Object.keys(el).some((key) => key.startsWith('__reactProps'))) continue;
    document.querySelectorAll('[data-engines-target]').forEach((old) => old.removeAttribute('data-engines-target'));
    el.setAttribute('data-engines-target', '');
    return name;
  }
  return false;
}`;

export const MARKED = '[data-engines-target]';

/** What the player bar shows: its status and title, and the noise toggle's label. */
export const PLAYER_STATE = `() => {
  const bar = document.querySelector('[data-testid="player-bar"]');
  const toggle = [...document.querySelectorAll('main button')].find((b) => /^(Play|Pause) .* Noise$/.test(b.getAttribute('aria-label') || ''));
  return {
    status: bar ? bar.getAttribute('data-status') : null,
    title: bar ? (bar.querySelector('[data-testid="player-title"]') || {}).textContent || null : null,
    noiseToggle: toggle ? toggle.getAttribute('aria-label') : null,
    noiseStatus: toggle ? toggle.getAttribute('data-status') : null,
    message: [...document.querySelectorAll('[data-testid="offline-status"], [data-testid="offline-status-message"], [role="alert"]')].map((el) => el.textContent.trim()).filter(Boolean).join(' / ') || null,
    focused: document.activeElement ? (document.activeElement.getAttribute('aria-label') || document.activeElement.tagName) : null,
  };
}`;

/** Focuses the element matching `css`. */
export const FOCUS = `(css) => { const el = document.querySelector(css); if (!el) return false; el.focus(); return document.activeElement === el; }`;

/** Blurs whatever has focus, as a click on the blank page leaves it. */
export const BLUR = `() => { if (document.activeElement && document.activeElement.blur) document.activeElement.blur(); return true; }`;

export const ATTRIBUTE = `(css, name) => { const el = document.querySelector(css); return el ? el.getAttribute(name) : null; }`;

/** Types into a React-controlled input as the keyboard would (value setter plus an input event). */
export const TYPE_INTO = `(css, text) => {
  const el = document.querySelector(css);
  if (!el) return false;
  el.focus();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}`;

export const SET_STORAGE = `(key, value) => { localStorage.setItem(key, value); return true; }`;

/** Whether a saved copy of `file` (e.g. 'rain.mp3') is in IndexedDB (lull-audio / audio-data). */
export const IS_SAVED = `(file) => new Promise((resolve) => {
  let stage = 'open';
  setTimeout(() => resolve('no answer within 5 s at ' + stage), 5000);
  const request = indexedDB.open('lull-audio');
  request.onblocked = () => { stage = 'blocked'; };
  // No database yet: creating an empty one here would leave the app's version-1 database without its store.
  request.onupgradeneeded = () => request.transaction.abort();
  request.onerror = () => resolve(false);
  request.onsuccess = () => {
    stage = 'opened';
    const db = request.result;
    if (!db.objectStoreNames.contains('audio-data')) { db.close(); resolve(false); return; }
    stage = 'cursor';
    // The saved URLs through the app's index, keys only: every saved file's data URL (tens of MB) stays on disk.
    const cursor = db.transaction('audio-data').objectStore('audio-data').index('originalUrl').openKeyCursor();
    cursor.onerror = () => { db.close(); resolve(false); };
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) { db.close(); resolve(false); return; }
      if (String(at.key).split('?')[0] === '/media/' + file) { db.close(); resolve(true); return; }
      at.continue();
    };
  };
})`;

/** Whether the page scrolls sideways: tries, reads where it got, and scrolls back. */
export const SCROLLS_SIDEWAYS = `() => {
  window.scrollTo(100000, window.scrollY);
  const scrolled = window.scrollX;
  window.scrollTo(0, window.scrollY);
  return { scrolled, page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth };
}`;

/** Where the app's sound leaves the page: the stream element (#lull-output, playing) or the context's destination. */
export const OUTPUT_PATH = `() => {
  const element = document.getElementById('lull-output');
  return element && !element.paused ? 'destination + anchor element (#lull-output, -40 dB)' : 'destination';
}`;

/**
 * From now on, keeps each window the loop track schedules (its ctx time, its end, and when it was asked: a window
 * started late was asked after its time), the context they play on, and the walk's crossfades found in them: two
 * windows that overlap longer than a join's 2 ms tail (the walk's equal-power envelopes are shaped into their
 * samples, loop-pieces.ts; a window stopped early ends there). As `window.__walk` (patched on the prototypes, so the
 * app's next voice is seen); a second call starts new lists. (The Chromium e2e checks the walk on offline renders: tests/e2e/walk-render.spec.ts.)
 */
export const WATCH_WALK = `() => {
  if (window.__walk) {
    window.__walk.windows = [];
    window.__walk.starts = [];
    return true;
  }
  const walk = { windows: [], starts: [], ctx: null };
  walk.crossfades = () => {
    const out = [];
    for (const w of walk.windows) {
      for (const v of walk.windows) {
        const overlap = Math.min(v.end, w.end) - w.when;
        if (v !== w && v.when < w.when && overlap > 0.01) out.push({ at: w.when, duration: overlap });
      }
    }
    return out;
  };
  window.__walk = walk;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...args) {
    walk.starts.push({ when: args[0] || 0, now: this.context.currentTime });
    // A window: started with a duration (the audio clock's own silent source is not).
    if (args.length >= 3) {
      const entry = { when: args[0], end: args[0] + args[2] };
      this.__window = entry;
      walk.windows.push(entry);
    }
    return start.apply(this, args);
  };
  const stop = AudioBufferSourceNode.prototype.stop;
  AudioBufferSourceNode.prototype.stop = function (...args) {
    const entry = this.__window;
    if (entry) entry.end = Math.max(entry.when, Math.min(entry.end, args[0] || 0));
    return stop.apply(this, args);
  };
  const source = BaseAudioContext.prototype.createBufferSource;
  BaseAudioContext.prototype.createBufferSource = function () {
    walk.ctx = this;
    return source.call(this);
  };
  return true;
}`;

/**
 * "The system" suspends the context the app plays on (found by WATCH_WALK), from outside the app: what older iOS does
 * after an interruption, or a device taken away; the app did not ask for it.
 */
export const SYSTEM_SUSPENDS = `() => window.__walk.ctx.suspend().then(() => window.__walk.ctx.state)`;

/** "The system" gives the audio back: the same context resumed from outside the app. */
export const SYSTEM_RESUMES = `() => window.__walk.ctx.resume().then(() => window.__walk.ctx.state)`;

/** What the player bar says while it is paused not by the listener (or null). */
/** What the page gave the lock screen (issue 40): the media session's title, first artwork and state; null without the API. */
export const MEDIA_SESSION = `() => {
  const session = navigator.mediaSession;
  if (!session) return null;
  const meta = session.metadata;
  return { title: meta ? meta.title : null, artwork: meta && meta.artwork && meta.artwork[0] ? meta.artwork[0].src.slice(0, 64) : null, state: session.playbackState };
}`;

export const STOPPED_REASON = `() => { const el = document.querySelector('[data-testid="player-stopped-reason"]'); return el ? el.textContent : null; }`;

/** The walk's audio clock now (the context its windows play on), or null before a window. */
export const WALK_CLOCK = `() => (window.__walk && window.__walk.ctx ? window.__walk.ctx.currentTime : null)`;

/** Every buffer source started since WATCH_WALK: when it was asked to start, and the audio clock then (ctx seconds). */
export const WALK_STARTS = `() => window.__walk.starts`;

/** The crossfades among the windows scheduled since WATCH_WALK: where two overlap, when and for how long (ctx seconds). */
export const WALK_CROSSFADES = `() => window.__walk.crossfades()`;

/** Math.random answering `value` (a seed drawn from it is then known), or the page's own again with null. */
export const FIXED_RANDOM = `(value) => {
  window.__random = window.__random || Math.random;
  Math.random = value === null ? window.__random : () => value;
  return true;
}`;

/** Where the page is, for a step's error: its address, load state, whether the app has hydrated it, its paints, the scripts that arrived (ms), visibility and the service worker in control. */
export const PAGE_STATE = `() => ({ href: location.href, readyState: document.readyState, hydrated: document.documentElement.dataset.hydrated || null, root: !!document.getElementById('root'), firstTap: typeof window.__lullFirstTap, preloads: document.querySelectorAll('link[rel=modulepreload]').length, scripts: document.scripts.length, entries: performance.getEntriesByType('paint').map((e) => e.name), visibility: document.visibilityState, res: performance.getEntriesByType('resource').filter((e) => e.name.includes('.js')).map((e) => e.name.split('/').pop() + ':' + Math.round(e.responseEnd)).join(' '), now: Math.round(performance.now()), sw: navigator.serviceWorker ? (navigator.serviceWorker.controller ? navigator.serviceWorker.controller.state : 'none') : 'no api' })`;

/**
 * Whether a page that never hydrated still runs, and whether its entry module (src/entry-client.ts) ever did: the
 * entry's first act is to listen for Ctrl+B (early-shortcut.ts), so a synthetic one it takes is cancelled. Then a
 * timer, a frame and a message within 1 s; then an import of the entry's own URL (evaluated now if it never was) and,
 * 500 ms later, whether the app's start-up has begun (its modulepreload links).
 */
export const PAGE_ALIVE = `async () => {
  const shortcut = new KeyboardEvent('keydown', { key: 'b', ctrlKey: true, cancelable: true });
  window.dispatchEvent(shortcut);
  const ran = shortcut.defaultPrevented ? 'entry had run' : 'entry had NOT run';
  const within = (ms, what, promise) => Promise.race([promise.then(() => what + ' ok', (e) => what + ' failed: ' + e), new Promise((r) => setTimeout(() => r(what + ' NOT within ' + ms + ' ms'), ms))]);
  const timer = await Promise.race([new Promise((r) => setTimeout(() => r('timer ok'), 10)), new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r('a message came, no timer in 1 s'); setTimeout(() => c.port2.postMessage(0), 1000); })]);
  const frame = await within(1000, 'frame', new Promise((r) => requestAnimationFrame(r)));
  const entrySrc = document.querySelector('script[type=module]')?.src;
  const entry = entrySrc ? await within(3000, 'import of the entry', import(entrySrc)) : 'no entry script';
  await new Promise((r) => setTimeout(r, 500));
  return [ran, timer, frame, entry, 'then ' + document.querySelectorAll('link[rel=modulepreload]').length + ' preloads'].join(', ');
}`;

/** Whether the page has read `file` (a media file's name): its resource entry, added once the response has ended. */
export const READ_FILE = `(file) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === '/media/' + file)`;

/**
 * Drops a WAV the page makes itself on the home page, as a listener drops a file (issue 41): `seconds` of seeded,
 * gently low-passed stereo noise at 48 kHz, 16-bit, named `name`. Every engine takes a drop; not every driver can
 * set a file input.
 */
export const DROP_WAV = `(name, seconds) => {
  const rate = 48000;
  const frames = seconds * rate;
  const bytes = new DataView(new ArrayBuffer(44 + frames * 4));
  const text = (at, s) => [...s].forEach((c, i) => bytes.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF'); bytes.setUint32(4, 36 + frames * 4, true); text(8, 'WAVEfmt ');
  bytes.setUint32(16, 16, true); bytes.setUint16(20, 1, true); bytes.setUint16(22, 2, true); bytes.setUint32(24, rate, true);
  bytes.setUint32(28, rate * 4, true); bytes.setUint16(32, 4, true); bytes.setUint16(34, 16, true); text(36, 'data'); bytes.setUint32(40, frames * 4, true);
  let state = 7, left = 0, right = 0;
  const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296 - 0.5);
  for (let i = 0; i < frames; i++) {
    left = 0.8 * left + 0.2 * next();
    right = 0.8 * right + 0.2 * next();
    bytes.setInt16(44 + i * 4, Math.round(left * 0.5 * 32767), true);
    bytes.setInt16(46 + i * 4, Math.round(right * 0.5 * 32767), true);
  }
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes.buffer], name, { type: 'audio/wav' }));
  window.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, cancelable: true }));
  document.querySelector('main').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true, bubbles: true }));
  return transfer.files.length;
}`;

/** Resolves after the next frame and a task after it: React's effects of what is on screen have run by then. */
/** How this engine stored the listener's sounds (issue 41): 'opus' where WebCodecs encoded it, else 'pcm', and the bytes per minute. */
export const OWN_STORED_FORM = `() => new Promise((resolve) => {
  const open = indexedDB.open('lull-own-sounds');
  open.onerror = () => resolve('unreadable');
  open.onsuccess = () => {
    const all = open.result.transaction('sounds').objectStore('sounds').getAll();
    all.onsuccess = () => {
      open.result.close();
      resolve(all.result.map((s) => (s.opus ? 'Opus ' + s.opus.bitrate / 1000 + ' kbit/s' : '16-bit PCM') + ', ' + (s.storedBytes / (s.frames / s.sampleRate / 60) / 1e6).toFixed(2) + ' MB/min').join('; '));
    };
  };
})`;

export const NEXT_FRAME = `() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(true), 0)))`;
