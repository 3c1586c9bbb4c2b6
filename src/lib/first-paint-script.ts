/**
 * The first-paint script's source (see first-paint.ts for what it does and what it leaves for the app): plain ES5, no
 * imports, written into every prerendered page by the prerender (src/entry-server.tsx) with the app's own constants.
 */
import { FIRST_PAINT, FIRST_TAP } from './first-paint';

/** Comment lines, inline block comments and indentation go: the script is render-blocking and fetched on every first visit. */
const compact = (source: string) =>
  source
    .split('\n')
    .map((line) => line.replace(/\/\*[^*]*\*\//g, '').trim())
    .filter((line, index) => line && (index === 0 || !line.startsWith('//')))
    .join('\n') + '\n';

/** The script's source: plain ES5, no imports; the values are the app's own constants. */
export function firstPaintScript(options: {
  readonly reversedHostPrefix: string;
  readonly sidebarOpenKey: string;
  readonly stillLoading: string;
  readonly couldNotLoad: string;
  /** The stored master volume's key (a JSON number 0..1), and the app's level where it is missing or unreadable. */
  readonly masterVolumeKey: string;
  readonly defaultMasterVolume: number;
  /** Each colour's RMS as the app's generator plays it: the script's noise is brought to the same level. */
  readonly noiseRms: Readonly<Record<'white' | 'pink' | 'brown', number>>;
}): string {
  return compact(`// Lull, before the first paint: see src/lib/first-paint.ts.
(function () {
  var html = document.documentElement;
  if (location.hostname.indexOf(${JSON.stringify(options.reversedHostPrefix)}) === 0) html.setAttribute(${JSON.stringify(FIRST_PAINT.reversedHost)}, '');
  if (navigator.onLine === false) html.setAttribute(${JSON.stringify(FIRST_PAINT.offline)}, '');
  try {
    if (localStorage.getItem(${JSON.stringify(options.sidebarOpenKey)}) === '0') html.setAttribute(${JSON.stringify(FIRST_PAINT.sidebarCollapsed)}, '');
  } catch (error) {
    // Storage blocked: the sidebar shows expanded until the app starts, as without this script.
  }
  var w = window, d = document, failed = false, note = null, timer = 0, noop = function () {};
  var q = w.__lullFirstTap = { intent: null, target: null, context: null, element: null, elementSource: null, off: false, voice: null };
  var hush = function () { if (q.voice) q.voice.fade(); };
  var level = function () {
    try { var v = JSON.parse(localStorage.getItem(${JSON.stringify(options.masterVolumeKey)})); if (typeof v === 'number' && v >= 0 && v <= 1) return v; } catch (error) { /* as missing */ }
    return ${options.defaultMasterVolume};
  };
  // Two seconds of the colour on a loop (its last 50 ms blended into its start), brought to the app's RMS.
  // Pink: Paul Kellet's three poles; brown: a leaky integrator (10 Hz) with a DC blocker (7 Hz), as the app's kernels.
  var sing = function (colour) {
    var c = q.context, target = ${JSON.stringify(options.noiseRms)}[colour];
    if (!c || !target || q.off || q.intent !== 'noise:' + colour) return;
    hush();
    var rate = c.sampleRate, n = Math.round(rate * 2), f = Math.round(rate * 0.05), b = c.createBuffer(2, n, rate);
    var leak = 1 - 2 * Math.PI * 10 / rate, block = 1 - 2 * Math.PI * 7 / rate;
    for (var ch = 0; ch < 2; ch++) {
      var d = new Float32Array(n + f), x = 0, y = 0, z = 0, sum = 0, i, v, a;
      for (i = 0; i < n + f; i++) {
        v = Math.random() * 2 - 1;
        if (colour === 'pink') { x = 0.99765 * x + v * 0.099046; y = 0.963 * y + v * 0.2965164; z = 0.57 * z + v * 1.0526913; v = x + y + z + v * 0.1848; }
        if (colour === 'brown') { x = leak * x + v; y = x - z + block * y; z = x; v = y; }
        d[i] = v; sum += v * v;
      }
      var k = target / Math.sqrt(sum / (n + f)), out = b.getChannelData(ch);
      for (i = 0; i < n; i++) out[i] = k * d[i];
      for (i = 0; i < f; i++) { a = Math.PI / 2 * i / f; out[i] = k * (d[i] * Math.sin(a) + d[n + i] * Math.cos(a)); }
    }
    var source = c.createBufferSource(), gain = c.createGain(), voice;
    source.buffer = b; source.loop = true;
    gain.gain.setValueAtTime(0, c.currentTime); gain.gain.setTargetAtTime(level(), c.currentTime, 0.01);
    source.connect(gain); gain.connect(c.destination); source.start();
    voice = q.voice = { intent: 'noise:' + colour, fade: function () {
      if (q.voice === voice) q.voice = null;
      gain.gain.setTargetAtTime(0, c.currentTime, 0.03); source.stop(c.currentTime + 0.3);
    } };
  };
  // A soundscape from its file's first bytes: decoded from its first byte each time more has come (every decode then agrees
  // on the samples), each decode playing on from the same sample. The app takes the read over and starts where this is.
  var fileOf = function (target) {
    var rev = html.hasAttribute(${JSON.stringify(FIRST_PAINT.reversedHost)}) && target.getAttribute(${JSON.stringify(FIRST_TAP.reversedSrc)});
    return rev || target.getAttribute(${JSON.stringify(FIRST_TAP.src)});
  };
  var levelOf = function (target) { return level() * Number(target.getAttribute(${JSON.stringify(FIRST_TAP.level)}) || 1); };
  // A voice's gain from \`from\` to 0 over 20 ms, from \`at\` (not before now): the app's own path fades in over the same 20 ms.
  var rampOut = function (c, gain, from, at) {
    var t = Math.max(at || 0, c.currentTime);
    gain.gain.cancelScheduledValues(t); gain.gain.setValueAtTime(from, t); gain.gain.linearRampToValueAtTime(0, t + 0.02);
    return t;
  };
  // A song plays on the tap's element (started inside the tap, as iOS requires) through the context at the app's level.
  // The app adopts the element and its source node (an element takes one for life) and fades its own path in.
  // An element fetches its file at low priority, behind the page's images: where a MediaSource plays MP3, the file is
  // fetched at high priority and appended to one (the whole file, taken over or not by the app: the element needs it).
  var song = function (target) {
    var c = q.context, e = q.element, src = fileOf(target), lv = levelOf(target), node = q.elementSource, gain, voice, p, ms, url = src, reader = null;
    var MS = w.ManagedMediaSource || w.MediaSource;
    if (!c || !e || !src || !c.createMediaElementSource) return;
    try { node = node || c.createMediaElementSource(e); } catch (error) { return; /* the app's already: the app plays it */ }
    q.elementSource = node;
    gain = c.createGain(); gain.gain.value = lv;
    node.connect(gain); gain.connect(c.destination);
    if (MS && MS.isTypeSupported && MS.isTypeSupported('audio/mpeg') && w.fetch) {
      ms = new MS(); url = URL.createObjectURL(ms); e.disableRemotePlayback = true;
      ms.addEventListener('sourceopen', function () {
        var sb = ms.addSourceBuffer('audio/mpeg'), queue = [], done = false;
        var next = function () {
          if (sb.updating || ms.readyState !== 'open') return;
          if (queue.length) sb.appendBuffer(queue.shift()); else if (done) ms.endOfStream();
        };
        sb.addEventListener('updateend', next);
        w.fetch(src, { priority: 'high' }).then(function (r) {
          if (!r.ok || !r.body) throw new Error('HTTP ' + r.status);
          reader = r.body.getReader();
          var pump = function () { reader.read().then(function (x) { if (x.done) done = true; else { queue.push(x.value); pump(); } next(); }, noop); };
          pump();
        }).catch(function () { if (ms.readyState === 'open') ms.endOfStream('network'); });
      });
    }
    e.crossOrigin = 'anonymous'; e.src = url;
    p = e.play(); if (p) p.catch(noop);
    voice = q.voice = { intent: q.intent, src: src, song: true, fade: function (at) {
      var mine = q.voice === voice, t = rampOut(c, gain, lv, at);
      if (mine) q.voice = null;
      setTimeout(function () {
        try { node.disconnect(gain); } catch (error) { /* already */ }
        if (!mine || e.getAttribute('src') !== url) return;
        if (reader) reader.cancel().catch(noop);
        e.pause(); e.removeAttribute('src'); e.load();
      }, (t - c.currentTime) * 1000 + 100);
    } };
  };
  var stream = function (target) {
    var c = q.context, src = fileOf(target);
    if (!c || !src || !w.fetch || !w.Response || !w.ReadableStream || !ReadableStream.prototype.tee) return;
    var lv = levelOf(target), gain = c.createGain();
    var chunks = [], got = 0, used = 0, busy = false, ended = false, gone = false, last = null, t0 = -1, end = 0, reader = null, voice;
    gain.gain.value = 0;
    gain.connect(c.destination);
    var play = function (b, final) {
      var now = c.currentTime + 0.03, keep = b.duration - (final ? 0 : 0.05), from, s;
      if (gone) return;
      if (t0 < 0) { t0 = now; gain.gain.setTargetAtTime(lv, now, 0.01); }
      if (last && now > end) t0 += now - end;
      from = Math.max(0, now - t0);
      if (from >= keep) return;
      s = c.createBufferSource(); s.buffer = b; s.connect(gain); s.start(t0 + from, from);
      if (last) last.stop(t0 + from);
      last = s; end = t0 + keep;
      if (!final) s.stop(end);
    };
    var decode = function () {
      if (gone || busy || (used ? got === used || (!ended && (got - used < 8192 || end - c.currentTime > 3)) : got < ${FIRST_TAP.firstBytes} && !ended)) return;
      var all = new Uint8Array(got), at = 0, final = ended, i, p;
      for (i = 0; i < chunks.length; i++) { all.set(chunks[i], at); at += chunks[i].length; }
      busy = true; used = got;
      var next = function (b) { busy = false; if (b) play(b, final); decode(); };
      p = c.decodeAudioData(all.buffer, next, function () { next(null); });
      if (p && p.catch) p.catch(noop);
    };
    var body = w.fetch(src, { priority: 'high' }).then(function (response) {
      if (!response.ok || !response.body) throw new Error('HTTP ' + response.status);
      var pair = response.body.tee();
      reader = pair[0].getReader();
      var pump = function () {
        reader.read().then(function (r) {
          if (gone) return;
          if (r.value) { chunks.push(r.value); got += r.value.length; }
          ended = r.done || got >= ${FIRST_TAP.capBytes};
          if (ended) reader.cancel().catch(noop);
          decode();
          if (!ended) pump();
        }, noop);
      };
      pump();
      return new Response(pair[1], { status: response.status, statusText: response.statusText, headers: response.headers });
    });
    body.catch(noop);
    voice = q.voice = {
      intent: q.intent, src: src,
      position: function (t) { return t0 < 0 ? null : Math.max(0, Math.min(t, end) - t0); },
      read: function () { var r = body; body = null; return r; },
      fade: function (at) {
        if (gone) return;
        gone = true;
        if (q.voice === voice) q.voice = null;
        var t = rampOut(c, gain, t0 < 0 ? 0 : lv, at);
        if (last) last.stop(t + 0.05);
        chunks = [];
        if (reader) reader.cancel().catch(noop);
        if (body) body.then(function (r) { return r.body.cancel(); }).catch(noop);
      }
    };
  };
  var say = function () {
    if (failed) hush();
    if (!q.intent || q.off) return;
    if (!note) {
      note = d.createElement('p');
      note.id = ${JSON.stringify(FIRST_TAP.noteId)};
      note.setAttribute('role', 'alert');
      note.style.cssText = 'position:fixed;left:50%;bottom:16px;transform:translateX(-50%);width:max-content;max-width:90vw;margin:0;padding:12px 16px;border-radius:8px;background:#222;color:#fff;font:14px/1.4 system-ui,sans-serif;z-index:1500';
      d.body.appendChild(note);
    }
    note.textContent = failed ? ${JSON.stringify(options.couldNotLoad)} : ${JSON.stringify(options.stillLoading)};
  };
  // A script or preload of the app that failed: a tap is told at once, not after the wait.
  w.addEventListener('error', function (event) {
    var tag = event.target && event.target.tagName;
    if (tag === 'SCRIPT' || tag === 'LINK') { failed = true; say(); }
  }, true);
  var control = function (event) { return !q.off && event.target.closest ? event.target.closest('[${FIRST_TAP.intent}]') : null; };
  var unlock = function () {
    var Context = w.AudioContext || w.webkitAudioContext;
    if (!q.context && Context) try { q.context = new Context({ latencyHint: 'interactive' }); } catch (error) { /* no Web Audio: the element plays */ }
  };
  // While React hydrates it listens too (on #root), and answers any part of a tap on a part not yet hydrated by
  // hydrating the whole page at once (a long task before any response): the script's tap is the script's alone, so
  // these listeners are on the way down, before #root. The context is built at the press, as the app does (it blocks
  // the main thread as it is made), and resumed in the tap.
  'pointerdown pointerup mousedown mouseup touchstart touchend'.split(' ').forEach(function (type) {
    d.addEventListener(type, function (event) {
      if (!control(event)) return;
      event.stopPropagation();
      if (type === 'pointerdown') unlock();
    }, true);
  });
  d.addEventListener('click', function (event) {
    var target = control(event);
    if (!target) return;
    event.stopPropagation();
    unlock();
    if (q.context) q.context.resume().catch(noop);
    q.element = q.element || d.createElement('audio');
    var started = q.element.play();
    if (started) started.catch(noop);
    if (q.target) { q.target.removeAttribute(${JSON.stringify(FIRST_TAP.taken)}); q.target.removeAttribute('aria-busy'); }
    var intent = target.getAttribute(${JSON.stringify(FIRST_TAP.intent)});
    // A second tap on the same control takes it back, as it would pause in the app.
    q.intent = q.intent === intent ? null : intent;
    q.target = q.intent ? target : null;
    hush();
    // Made after the frame that shows the mark (it takes tens of ms on a slow phone); the context already runs.
    var colour = q.intent && q.intent.indexOf('noise:') === 0 && !failed ? q.intent.slice(6) : '';
    if (colour) w.requestAnimationFrame(function () { setTimeout(function () { try { sing(colour); } catch (error) { /* the app plays it */ } }, 0); });
    if (q.intent && q.intent.indexOf('sound:') === 0 && !failed) try { (target.hasAttribute(${JSON.stringify(FIRST_TAP.song)}) ? song : stream)(target); } catch (error) { /* the app plays it */ }
    if (q.target) { target.setAttribute(${JSON.stringify(FIRST_TAP.taken)}, ''); target.setAttribute('aria-busy', 'true'); }
    clearTimeout(timer);
    timer = setTimeout(say, failed ? 0 : ${FIRST_TAP.stillLoadingAfterMs});
  }, true);
})();
`);
}
