/**
 * The music audit for the eleven lofi songs, over the shipped files (public/media/*.mp3,
 * decoded with the studio's gapless mpg123 decoder). Run after `npm run studio`:
 *   npx tsx studio/lofi/music-audit.ts
 * Checks per song: length 120–240 s; loudness within ±1 LU of the music target; true peak
 * <= −1 dBTP; the MP3 decodes to exactly the rendered frame count; no silence before the
 * final fade; tempo measured from the audio within 2 BPM of the composed tempo. Across songs:
 * no two share key and tempo; every pair differs in chroma or spectral shape by more than
 * the threshold below; the catalogue entry (entries.ts) credits exactly the samples the recipe plays
 * (the credit lines themselves have one home, src/catalogue/lofi-credits.ts; the sample lists do not).
 * Writes studio/report/lofi-music-audit.{json,md}; exits 1 on failure.
 * Wiring: `test:audit` runs it after the shared audit (`... && tsx studio/lofi/music-audit.ts`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueEntries, mediaSlug } from '../../src/catalogue/entries.ts';
import { decodeMp3File } from '../audit/checks.ts';
import { integratedLoudness, truePeakDb } from '../../measure/loudness.ts';
import { LOUDNESS_TARGET, TRUE_PEAK_CEILING_DB } from '../master.ts';
import { MEDIA_DIR, readManifest } from '../paths.ts';
import { bandShape, chroma, chromaDistance, estimateTempo, frameAt, onsetStrength, quietestWindow, spectralCentroid, spectralDistance, spectrogram } from './analysis.ts';
import { compose } from './composer.ts';
import { creditsOf } from './recipes.ts';
import { LOFI_TRACKS } from './tracks.ts';

/**
 * Reports go next to the shared audit's (studio/report), not into studio/lofi: the studio
 * hashes every .ts/.json under studio/lofi to decide whether the songs must be re-rendered.
 */
const REPORT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'report');
const NOTE_NAMES = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
/** A 400 ms window quieter than this (RMS, dBFS) counts as silence. The vinyl bed alone sits near −50. */
const SILENCE_DBFS = -60;
/**
 * The vinyl bed hides a gap in the music from the file-level check above, so the render also
 * measures the music alone (before the bed): its quietest 400 ms window, in dB below the music's
 * own RMS. Quiet intros, breaks and decays in the catalogue sit 11–28 dB down; a window 45 dB
 * down is the music stopping (Retro's intro chords once decayed to 65 dB down before the next bar).
 */
const MUSIC_GAP_DB = -45;
/**
 * Distinctness: a pair of songs must differ more than a song differs from itself. For each
 * song we measure the distance between its own two halves (same instruments, same key, other
 * melody and sections); the threshold is twice the median of those self-distances, for
 * chroma and for spectral shape. A pair passes if either distance clears its threshold.
 */
const SELF_MULTIPLIER = 2;

interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

interface SongRow {
  slug: string;
  name: string;
  key: string;
  composedBpm: number;
  measuredBpm: number;
  tempoStrength: number;
  seconds: number;
  lufs: number;
  truePeakDb: number;
  decodedFrames: number;
  renderedFrames: number;
  quietestWindowDb: number;
  /** The music alone (before the vinyl bed), dB below its own RMS: from the render. */
  quietestMusicDb: number;
  /** Mean spectral centroid of the body, Hz: how bright the song is. */
  centroidHz: number;
  checks: Check[];
}

interface Features {
  chroma: Float64Array;
  bands: Float64Array;
  halves: [{ chroma: Float64Array; bands: Float64Array }, { chroma: Float64Array; bands: Float64Array }];
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length / 2;
  return s.length % 2 ? s[Math.floor(m)]! : (s[m - 1]! + s[m]!) / 2;
};

/** Dev only: `--wav=/tmp/lofi` audits the raw renders of dev-render.ts (unmastered: loudness will differ). */
const wavDir = process.argv.find((a) => a.startsWith('--wav='))?.slice(6);
function readWav(path: string): { channels: [Float32Array, Float32Array] } {
  const b = readFileSync(path);
  const n = (b.length - 44) / 4;
  const l = new Float32Array(n), r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    l[i] = b.readInt16LE(44 + i * 4) / 32768;
    r[i] = b.readInt16LE(46 + i * 4) / 32768;
  }
  return { channels: [l, r] };
}

async function main(): Promise<void> {
  const manifest = readManifest();
  const rows: SongRow[] = [];
  const features = new Map<string, Features>();
  for (const params of LOFI_TRACKS) {
    const entry = catalogueEntries[params.index];
    if (!entry || entry.name !== params.name) throw new Error(`track ${params.name} does not match catalogue entry ${params.index}`);
    const slug = mediaSlug(entry.name);
    const path = join(MEDIA_DIR, `${slug}.mp3`);
    const score = compose(params);
    const expectedCredits = creditsOf(params);
    const missingCredits = expectedCredits.filter((line) => !entry.attribution.includes(line));
    const extraCredits = entry.attribution.filter((line) => !expectedCredits.includes(line));
    const row: SongRow = {
      slug, name: params.name, key: `${NOTE_NAMES[params.tonic]} ${params.mode}`, composedBpm: params.bpm, measuredBpm: NaN, tempoStrength: NaN,
      seconds: NaN, lufs: NaN, truePeakDb: NaN, decodedFrames: 0, renderedFrames: manifest[slug]?.result?.frames ?? 0, quietestWindowDb: NaN, quietestMusicDb: NaN, centroidHz: NaN, checks: [],
    };
    rows.push(row);
    row.checks.push({
      name: 'catalogue credits name exactly the samples the recipe plays',
      ok: missingCredits.length === 0 && extraCredits.length === 0,
      detail:
        missingCredits.length === 0 && extraCredits.length === 0
          ? `${expectedCredits.length} lines`
          : [missingCredits.length > 0 ? `missing in entries.ts: ${missingCredits.join(' | ')}` : '', extraCredits.length > 0 ? `not played: ${extraCredits.join(' | ')}` : ''].filter(Boolean).join('; '),
    });
    if (!wavDir && !existsSync(path)) {
      row.checks.push({ name: 'rendered', ok: false, detail: `${path} missing: run npm run studio` });
      continue;
    }
    const dec = wavDir ? { ...readWav(join(wavDir, `${slug}.wav`)), sampleRate: 48000 } : await decodeMp3File(path);
    const sr = dec.sampleRate;
    const ch = dec.channels;
    row.decodedFrames = ch[0].length;
    row.seconds = ch[0].length / sr;
    row.lufs = integratedLoudness(ch, sr);
    row.truePeakDb = truePeakDb(ch, false);
    // the body: after the first second, before the final fade
    const quiet = quietestWindow(ch, sr, 1, score.fadeStart);
    row.quietestWindowDb = quiet.db;
    const music = manifest[slug]?.result?.measurements;
    row.quietestMusicDb = music?.quietestMusicDb ?? NaN;
    const spec = spectrogram(ch, sr, 0, score.fadeStart);
    const tempo = estimateTempo(onsetStrength(spec), sr, spec.hop);
    row.measuredBpm = tempo.bpm;
    row.tempoStrength = tempo.strength;
    // features over the body; halves split at the middle of the body (after the intro)
    const bodyStart = (score.sections[1]?.startBeat ?? 0) * (60 / params.bpm);
    const mid = (bodyStart + score.fadeStart) / 2;
    const [b0, b1, b2] = [frameAt(spec, bodyStart), frameAt(spec, mid), spec.frames];
    row.centroidHz = spectralCentroid(spec, b0, b2);
    features.set(slug, {
      chroma: chroma(spec, b0, b2), bands: bandShape(spec, b0, b2),
      halves: [{ chroma: chroma(spec, b0, b1), bands: bandShape(spec, b0, b1) }, { chroma: chroma(spec, b1, b2), bands: bandShape(spec, b1, b2) }],
    });
    row.checks.push(
      { name: 'length 120–240 s', ok: row.seconds >= 120 && row.seconds <= 240, detail: `${row.seconds.toFixed(1)} s` },
      { name: 'loudness ±1 LU of target', ok: Math.abs(row.lufs - LOUDNESS_TARGET.song) <= 1, detail: `${row.lufs.toFixed(2)} LUFS (target ${LOUDNESS_TARGET.song})` },
      { name: `true peak <= ${TRUE_PEAK_CEILING_DB} dBTP`, ok: row.truePeakDb <= TRUE_PEAK_CEILING_DB, detail: `${row.truePeakDb.toFixed(2)} dBTP` },
      { name: 'decodes to the rendered frames', ok: row.decodedFrames === row.renderedFrames && sr === 48000, detail: `${row.decodedFrames}/${row.renderedFrames} @ ${sr}` },
      { name: 'no silence before the final fade', ok: row.quietestWindowDb > SILENCE_DBFS, detail: `quietest 400 ms: ${quiet.db.toFixed(1)} dBFS at ${quiet.at.toFixed(1)} s` },
      {
        name: 'the music never stops before the final fade',
        ok: row.quietestMusicDb > MUSIC_GAP_DB,
        detail: Number.isNaN(row.quietestMusicDb)
          ? 'no measurement from the render: run npm run studio -- --force'
          : `quietest 400 ms of the music alone: ${row.quietestMusicDb.toFixed(1)} dB re its RMS at ${(music?.quietestMusicAt ?? NaN).toFixed(1)} s`,
      },
      { name: 'tempo within 2 BPM', ok: Math.abs(row.measuredBpm - params.bpm) <= 2, detail: `${row.measuredBpm.toFixed(2)} measured vs ${params.bpm}` },
    );
    console.log(`music-audit: ${slug} ${row.checks.every((c) => c.ok) ? 'ok' : 'FAIL'}`);
  }

  // key and tempo: composed values (the measured tempo is checked against them above)
  const global: Check[] = [];
  for (let a = 0; a < LOFI_TRACKS.length; a++) {
    for (let b = a + 1; b < LOFI_TRACKS.length; b++) {
      const x = LOFI_TRACKS[a]!, y = LOFI_TRACKS[b]!;
      if (x.bpm === y.bpm && x.tonic === y.tonic && x.mode === y.mode) global.push({ name: 'key and tempo unique', ok: false, detail: `${x.name} and ${y.name}` });
    }
  }
  if (!global.some((c) => !c.ok)) global.push({ name: 'key and tempo unique', ok: true, detail: 'no two songs share key and tempo' });

  // distinctness
  const slugs = [...features.keys()];
  const selfChroma = slugs.map((s) => chromaDistance(features.get(s)!.halves[0].chroma, features.get(s)!.halves[1].chroma));
  const selfBands = slugs.map((s) => spectralDistance(features.get(s)!.halves[0].bands, features.get(s)!.halves[1].bands));
  const chromaThreshold = SELF_MULTIPLIER * median(selfChroma);
  const bandThreshold = SELF_MULTIPLIER * median(selfBands);
  const pairs: { a: string; b: string; chroma: number; spectral: number; ok: boolean }[] = [];
  for (let i = 0; i < slugs.length; i++) {
    for (let j = i + 1; j < slugs.length; j++) {
      const fa = features.get(slugs[i]!)!, fb = features.get(slugs[j]!)!;
      const c = chromaDistance(fa.chroma, fb.chroma);
      const s = spectralDistance(fa.bands, fb.bands);
      pairs.push({ a: slugs[i]!, b: slugs[j]!, chroma: c, spectral: s, ok: c > chromaThreshold || s > bandThreshold });
    }
  }
  const failedPairs = pairs.filter((p) => !p.ok);
  const closest = [...pairs].sort((p, q) => p.chroma / chromaThreshold + p.spectral / bandThreshold - (q.chroma / chromaThreshold + q.spectral / bandThreshold))[0];
  global.push({
    name: 'every pair distinct (chroma or spectrum)',
    ok: slugs.length === LOFI_TRACKS.length && failedPairs.length === 0,
    detail: `thresholds: chroma ${chromaThreshold.toFixed(4)}, spectral ${bandThreshold.toFixed(2)} dB; ` +
      (failedPairs.length > 0 ? `too close: ${failedPairs.map((p) => `${p.a}/${p.b}`).join(', ')}` : `closest pair ${closest ? `${closest.a}/${closest.b} (chroma ${closest.chroma.toFixed(4)}, spectral ${closest.spectral.toFixed(2)} dB)` : '–'}`),
  });

  const lines: string[] = [];
  lines.push(`# Lofi music audit`, '', `Music loudness target ${LOUDNESS_TARGET.song} LUFS (±1 LU), true peak <= ${TRUE_PEAK_CEILING_DB} dBTP; shipped MP3s decoded with mpg123 (gapless).`, '');
  lines.push('| song | key | BPM composed | BPM measured | length s | LUFS | dBTP | decoded / rendered frames | quietest 400 ms dBFS | music alone: quietest 400 ms dB re RMS | centroid Hz | pass |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.key} | ${r.composedBpm} | ${r.measuredBpm.toFixed(2)} | ${r.seconds.toFixed(1)} | ${r.lufs.toFixed(2)} | ${r.truePeakDb.toFixed(2)} | ${r.decodedFrames} / ${r.renderedFrames} | ${r.quietestWindowDb.toFixed(1)} | ${r.quietestMusicDb.toFixed(1)} | ${r.centroidHz.toFixed(0)} | ${r.checks.every((c) => c.ok) ? 'yes' : 'NO'} |`);
  }
  lines.push('', '| check | pass | detail |', '|---|---|---|');
  for (const c of global) lines.push(`| ${c.name} | ${c.ok ? 'yes' : 'NO'} | ${c.detail} |`);
  lines.push('', `Self-distance (first vs second half of each song): chroma median ${median(selfChroma).toFixed(4)}, spectral median ${median(selfBands).toFixed(2)} dB; thresholds are ${SELF_MULTIPLIER}× these.`);
  lines.push('', '| pair | chroma distance | spectral distance dB |', '|---|---|---|');
  for (const p of [...pairs].sort((x, y) => x.chroma - y.chroma).slice(0, 10)) lines.push(`| ${p.a} / ${p.b} | ${p.chroma.toFixed(4)} | ${p.spectral.toFixed(2)} |`);
  const md = `${lines.join('\n')}\n`;

  const reportDir = wavDir ?? REPORT_DIR;
  await mkdir(reportDir, { recursive: true });
  const report = {
    target: { lufs: LOUDNESS_TARGET.song, truePeakDb: TRUE_PEAK_CEILING_DB },
    thresholds: { chroma: chromaThreshold, spectralDb: bandThreshold, rule: `${SELF_MULTIPLIER}x the median self-distance between a song's two halves` },
    songs: rows.map((r) => ({ ...r, pass: r.checks.every((c) => c.ok) })),
    selfDistance: Object.fromEntries(slugs.map((s, i) => [s, { chroma: selfChroma[i], spectralDb: selfBands[i] }])),
    pairs,
    global,
  };
  await writeFile(join(reportDir, 'lofi-music-audit.json'), `${JSON.stringify(report, null, 1)}\n`);
  await writeFile(join(reportDir, 'lofi-music-audit.md'), md);
  console.log(`\n${md}`);
  const failures = [...rows.flatMap((r) => r.checks.filter((c) => !c.ok).map((c) => `${r.slug}: ${c.name}: ${c.detail}`)), ...global.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`)];
  if (failures.length > 0) {
    console.error(`music-audit: ${failures.length} failure(s):\n${failures.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('music-audit: all checks passed');
  }
}

await main();
