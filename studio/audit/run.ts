/**
 * `npm run test:audit` (after `npm run studio`): audits every rendered sound from the shipped
 * files in public/media: decodes each MP3 (and reversed MP3) and checks sample-exact length and
 * alignment (probes of the render found at lag 0),
 * loudness, true peak, loop seam, silence, DC and stereo; checks the covers. Writes
 * studio/report/audit.json, prints a markdown table, exits non-zero on any failure.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { catalogueEntries, entryKind, mediaSlug } from '../../src/catalogue/entries.ts';
import { BAND_LOSS_LIMIT_DB, bytesPerMinute, bytesPerMinuteAllowance, fidelityBandDb, MP3_BYTES_PER_MINUTE_FIDELITY, MP3_BYTES_PER_MINUTE_GOAL } from '../encoding.ts';
import { LOUDNESS_TARGET } from '../master.ts';
import { decodeMp3File, judgeLoop, measureLoop, type Verdict } from './checks.ts';
import { integratedLoudness, truePeakDb } from '../../measure/loudness.ts';
import { allRecipes } from '../recipes.ts';
import { MANIFEST_PATH, MEDIA_DIR, readManifest } from '../paths.ts';
import { matchProbes, PROBE_DIR } from '../probes.ts';
import { loopSegments } from '../../src/catalogue/loop-segments.ts';
import { judgeSegments } from './segment-checks.ts';
import { fileFingerprint } from '../../src/catalogue/file-fingerprint.ts';

const REPORT_DIR = join(MANIFEST_PATH, '..', '..', 'report');
const COVER_MAX_BYTES = 40_000;
/** MP3 at ~150 kbps keeps the waveform's shape: found in place, probes correlate at 0.92 or more; misplaced, near 0. */
const ALIGNMENT_MIN_CORRELATION = 0.8;

interface Row {
  slug: string;
  form: 'loop' | 'song';
  frames: number;
  decodedFrames: number;
  reversedDecodedFrames: number | null;
  lufs: number;
  truePeakDb: number;
  seam?: string;
  dc?: string;
  corr?: number;
  lra?: number;
  crestDb?: number;
  silenceMs?: number;
  mp3Bytes: number;
  /** Bytes per minute of audio, of the file and (when shipped) of its reversed rendition. */
  bytesPerMinute: number;
  reversedBytesPerMinute: number | null;
  reversedBytes: number | null;
  encoding: string;
  /** The 12.5 kHz band's loss at 128 kbps (studio) and as shipped (here), dB; measured for files over the VBR limit. */
  bandLoss128Db?: number;
  shippedBandLossDb?: number;
  coverBytes: number;
  verdicts: Verdict[];
}

/** The shared rules for songs; the music checks live in studio/lofi. */
const songVerdicts = (lufs: number, peakDb: number): Verdict[] => [
  { name: 'loudness ±1 LU', ok: Math.abs(lufs - LOUDNESS_TARGET.song) <= 1, detail: `${lufs.toFixed(2)} LUFS` },
  { name: 'true peak <= -1 dBTP', ok: peakDb <= -1, detail: `${peakDb.toFixed(2)} dBTP` },
];

/**
 * The size rule (issue 24, decision 4; studio/encoding.ts): 1 MB = 1,000,000 bytes per minute of audio
 * for every shipped file, 1.25 MB for a file whose 12.5 kHz band a 128 kbps encode dulls by more than
 * 1 dB against the render (measured by the studio on the render, kept in the manifest).
 */
const sizeVerdict = (prefix: string, perMinute: number, bandLoss128Db: number | undefined): Verdict => {
  const allowance = bytesPerMinuteAllowance(bandLoss128Db);
  const earned = allowance > MP3_BYTES_PER_MINUTE_GOAL ? `, 12.5 kHz band -${bandLoss128Db?.toFixed(2)} dB at 128 kbps` : '';
  return {
    name: `${prefix}<= ${(allowance / 1e6).toFixed(2)} MB (${allowance.toLocaleString('en')} B) per minute`,
    ok: perMinute <= allowance,
    detail: `${(perMinute / 1e6).toFixed(3)} MB/min${earned}`,
  };
};

/** A file that spends the fidelity allowance must buy fidelity with it: its 12.5 kHz band, as shipped, loses less than the 128 kbps encode did. */
const fidelityVerdict = (shippedLossDb: number, bandLoss128Db: number): Verdict => ({
  name: `12.5 kHz band as shipped loses less than at 128 kbps (${BAND_LOSS_LIMIT_DB} dB rule)`,
  ok: shippedLossDb < bandLoss128Db,
  detail: `-${shippedLossDb.toFixed(2)} dB shipped, -${bandLoss128Db.toFixed(2)} dB at 128 kbps`,
});

async function main(): Promise<void> {
  const manifest = readManifest();
  const rows: Row[] = [];
  // --only=slug,slug audits a subset (e.g. while another part of the catalogue is re-rendering).
  const only = process.argv.slice(2).find((a) => a.startsWith('--only='))?.slice(7).split(',');
  for (const entry of catalogueEntries) {
    const slug = mediaSlug(entry.name);
    if (only && !only.includes(slug)) continue;
    const m = manifest[slug];
    const coverPath = join(MEDIA_DIR, `${slug}.png`);
    const verdicts: Verdict[] = [];
    let coverBytes = 0;
    if (existsSync(coverPath)) {
      coverBytes = statSync(coverPath).size;
      const png = PNG.sync.read(readFileSync(coverPath));
      verdicts.push({ name: 'cover 512x512 < 40 KB', ok: png.width === 512 && png.height === 512 && coverBytes < COVER_MAX_BYTES, detail: `${png.width}x${png.height} ${coverBytes} B` });
    } else {
      verdicts.push({ name: 'cover 512x512 < 40 KB', ok: false, detail: 'missing' });
    }
    if (!m?.result) {
      const hasRecipe = allRecipes.some((r) => r.index === entry.index);
      if (hasRecipe) verdicts.push({ name: 'rendered', ok: false, detail: 'recipe exists but no render in the manifest' });
      console.log(`audit: ${slug}: not rendered${hasRecipe ? ' (FAIL)' : ' (no recipe yet), cover only'}`);
      rows.push({ slug, form: entryKind(entry) === 'lofi' ? 'song' : 'loop', frames: 0, decodedFrames: 0, reversedDecodedFrames: null, lufs: NaN, truePeakDb: NaN, mp3Bytes: 0, bytesPerMinute: NaN, reversedBytesPerMinute: null, reversedBytes: null, encoding: '–', coverBytes, verdicts });
      continue;
    }
    const path = join(MEDIA_DIR, `${slug}.mp3`);
    const dec = await decodeMp3File(path);
    const frames = m.result.frames;
    const decodedFrames = dec.channels[0].length;
    verdicts.push({ name: 'decodes to rendered length', ok: decodedFrames === frames && dec.sampleRate === 48000, detail: `${decodedFrames}/${frames} @ ${dec.sampleRate}` });
    const probePath = join(PROBE_DIR, `${slug}.f32`);
    const probes = existsSync(probePath) ? new Float32Array(new Uint8Array(readFileSync(probePath)).buffer) : undefined;
    const alignment = probes ? matchProbes(dec.channels[0], probes) : [];
    verdicts.push({
      name: 'decoded samples sit where they were rendered',
      ok: alignment.length === 3 && alignment.every((match) => match.lag === 0 && match.correlation > ALIGNMENT_MIN_CORRELATION),
      detail: probes ? alignment.map((match) => `lag ${match.lag} r ${match.correlation.toFixed(3)}`).join(', ') : 'no probes: run npm run studio -- --force',
    });
    const mp3Bytes = statSync(path).size;
    const perMinute = bytesPerMinute(mp3Bytes, frames);
    verdicts.push(sizeVerdict('', perMinute, m.result.bandLoss128Db));
    const { fidelityBandDb: renderBandDb, bandLoss128Db } = m.result;
    const shippedBandLossDb = renderBandDb !== undefined ? renderBandDb - fidelityBandDb(dec.channels, dec.sampleRate) : undefined;
    if (perMinute > MP3_BYTES_PER_MINUTE_GOAL && shippedBandLossDb !== undefined && bandLoss128Db !== undefined) verdicts.push(fidelityVerdict(shippedBandLossDb, bandLoss128Db));
    let reversedDecodedFrames: number | null = null;
    let reversedPerMinute: number | null = null;
    let reversedBytes: number | null = null;
    if (entry.reversedURL) {
      const reversedPath = join(MEDIA_DIR, `${slug}-reversed.mp3`);
      reversedBytes = statSync(reversedPath).size;
      reversedPerMinute = bytesPerMinute(reversedBytes, frames);
      verdicts.push(sizeVerdict('reversed: ', reversedPerMinute, m.result.reversedBandLoss128Db));
      const rev = await decodeMp3File(reversedPath);
      reversedDecodedFrames = rev.channels[0].length;
      verdicts.push({ name: 'reversed decodes to rendered length', ok: reversedDecodedFrames === frames, detail: `${reversedDecodedFrames}/${frames}` });
      // The reversed host ships these files as they are: the same rules apply to them.
      const reversed =
        m.form === 'loop'
          ? judgeLoop(measureLoop(rev.channels, rev.sampleRate), LOUDNESS_TARGET.loop)
          : songVerdicts(integratedLoudness(rev.channels, rev.sampleRate), truePeakDb(rev.channels, false));
      if (m.form === 'loop') reversed.push(...judgeSegments(slug, loopSegments[`${slug}-reversed.mp3`], rev.channels, fileFingerprint(readFileSync(reversedPath))));
      verdicts.push(...reversed.map((verdict) => ({ ...verdict, name: `reversed: ${verdict.name}` })));
    }
    const row: Row = {
      slug,
      form: m.form,
      frames,
      decodedFrames,
      reversedDecodedFrames,
      lufs: NaN,
      truePeakDb: NaN,
      mp3Bytes,
      bytesPerMinute: perMinute,
      reversedBytesPerMinute: reversedPerMinute,
      reversedBytes,
      encoding: m.result.encoding ?? 'vbr V4.5',
      ...(bandLoss128Db !== undefined ? { bandLoss128Db } : {}),
      ...(shippedBandLossDb !== undefined ? { shippedBandLossDb } : {}),
      coverBytes,
      verdicts,
    };
    if (m.form === 'loop') {
      const a = measureLoop(dec.channels, dec.sampleRate);
      verdicts.push(...judgeLoop(a, LOUDNESS_TARGET.loop), ...judgeSegments(slug, loopSegments[`${slug}.mp3`], dec.channels, fileFingerprint(readFileSync(path))));
      Object.assign(row, {
        lufs: a.lufs,
        truePeakDb: a.truePeakDb,
        seam: `${Math.max(...a.seam).toFixed(4)} / ${Math.min(...a.p999).toFixed(4)}`,
        dc: Math.max(Math.abs(a.dc[0]), Math.abs(a.dc[1])).toExponential(1),
        corr: a.correlation,
        lra: a.lra,
        crestDb: a.crestDb,
        silenceMs: a.longestSilenceMs,
      });
    } else {
      // Songs: the shared loudness/peak/length rules; music checks live in studio/lofi.
      row.lufs = integratedLoudness(dec.channels, dec.sampleRate);
      row.truePeakDb = truePeakDb(dec.channels, false);
      verdicts.push(...songVerdicts(row.lufs, row.truePeakDb));
    }
    rows.push(row);
    console.log(`audit: ${slug} ${verdicts.every((v) => v.ok) ? 'ok' : 'FAIL'}`);
  }
  await mkdir(REPORT_DIR, { recursive: true });
  const report = {
    targets: LOUDNESS_TARGET,
    decoder: 'mpg123-decoder (wasm mpg123, gapless mode honouring the LAME tag)',
    sounds: rows.map((r) => ({ ...r, pass: r.verdicts.every((v) => v.ok) })),
  };
  await writeFile(join(REPORT_DIR, 'audit.json'), `${JSON.stringify(report, null, 1)}\n`);
  const f = (x: number | undefined, d = 1): string => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(d));
  const table = [
    '| sound | form | LUFS | dBTP | seam / p99.9 | max abs DC | L/R corr | LRA | longest silence ms | decoded / rendered frames | MP3 kB | MB/min | encoding | 12.5 kHz loss dB, 128 kbps / shipped | cover B | pass |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.slug} | ${r.form} | ${f(r.lufs, 2)} | ${f(r.truePeakDb, 2)} | ${r.seam ?? '–'} | ${r.dc ?? '–'} | ${f(r.corr, 3)} | ${f(r.lra)} | ${f(r.silenceMs)} | ${r.decodedFrames}${r.reversedDecodedFrames !== null ? ` (rev ${r.reversedDecodedFrames})` : ''} / ${r.frames} | ${(r.mp3Bytes / 1000).toFixed(0)} | ${f(r.bytesPerMinute / 1e6, 3)}${r.reversedBytesPerMinute !== null ? ` (rev ${(r.reversedBytesPerMinute / 1e6).toFixed(3)})` : ''} | ${r.encoding} | ${r.bandLoss128Db !== undefined ? `${f(r.bandLoss128Db, 2)} / ${f(r.shippedBandLossDb, 2)}` : '–'} | ${r.coverBytes} | ${r.verdicts.every((v) => v.ok) ? 'yes' : 'NO'} |`),
  ].join('\n');
  const shipped = rows.reduce((sum, r) => sum + r.mp3Bytes + (r.reversedBytes ?? 0), 0);
  const targets = `Targets: loops ${LOUDNESS_TARGET.loop} LUFS, songs ${LOUDNESS_TARGET.song} LUFS (±1 LU), true peak <= -1 dBTP, <= ${MP3_BYTES_PER_MINUTE_GOAL.toLocaleString('en')} bytes per minute of audio (${MP3_BYTES_PER_MINUTE_FIDELITY.toLocaleString('en')} where the 12.5 kHz band loses more than ${BAND_LOSS_LIMIT_DB} dB at 128 kbps); ${report.decoder}. MP3s audited here (with reversed renditions): ${(shipped / 1e6).toFixed(1)} MB.`;
  await writeFile(join(REPORT_DIR, 'audit.md'), `# Catalogue audit\n\n${targets}\n\n${table}\n`);
  console.log(`\n${table}`);
  const failures = rows.flatMap((r) => r.verdicts.filter((v) => !v.ok).map((v) => `${r.slug}: ${v.name}: ${v.detail}`));
  if (failures.length > 0) {
    console.error(`\naudit: ${failures.length} failure(s):\n${failures.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\naudit: all checks passed');
  }
}

await main();
