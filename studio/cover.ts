/**
 * Cover images: 512×512 flat-colour PNGs (few colours, no anti-aliasing, RGB) so each file
 * stays small (indexed PNG written here; pngjs can only write truecolour). Nature/ambient sounds get a scene (sky, a sun or moon, layered silhouettes
 * shaped for the sound); lofi songs get a record with a coloured label on a pastel field.
 */
import { crc32, deflateSync } from 'node:zlib';
import { createPrng, nextUnit } from '../worklets/dsp/prng.ts';
import type { CatalogueEntry } from '../src/catalogue/entries.ts';
import { SCENES, type Scene } from '../src/catalogue/cover-scenes.ts';

type Rgb = readonly [number, number, number];
const hex = (h: string): Rgb => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];

const LOFI_PALETTES: Record<string, readonly [string, string, string]> = {
  groovy: ['#f4a261', '#2a9d8f', '#e9c46a'],
  upbeat: ['#ffd166', '#ef476f', '#06d6a0'],
  chill: ['#a8dadc', '#457b9d', '#f1faee'],
  retro: ['#e76f51', '#264653', '#f4a261'],
  classic: ['#d4a373', '#5e3023', '#faedcd'],
  piano: ['#e5e5e5', '#222222', '#bfbfbf'],
  rising: ['#ffb4a2', '#e5989b', '#ffcdb2'],
  deep: ['#3d348b', '#7678ed', '#f7b801'],
  vibe: ['#cdb4db', '#6a4c93', '#ffc8dd'],
  uplifting: ['#caffbf', '#ff9f1c', '#9bf6ff'],
  morning: ['#ffe5b4', '#e07a5f', '#f2cc8f'],
};

const SIZE = 512;

/** A palette canvas (at most 256 flat colours) written as an 8-bit indexed PNG. */
class Canvas {
  readonly pixels = new Uint8Array(SIZE * SIZE);
  private readonly palette: Rgb[] = [];
  private index(c: Rgb): number {
    let i = this.palette.findIndex((p) => p[0] === c[0] && p[1] === c[1] && p[2] === c[2]);
    if (i < 0) {
      i = this.palette.length;
      if (i > 255) throw new Error('cover: too many colours');
      this.palette.push(c);
    }
    return i;
  }
  fill(c: Rgb): void {
    this.pixels.fill(this.index(c));
  }
  set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) return;
    this.pixels[y * SIZE + x] = this.index(c);
  }
  disc(cx: number, cy: number, r: number, c: Rgb): void {
    const ci = this.index(c);
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(SIZE - 1, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(SIZE - 1, cx + r); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.pixels[y * SIZE + x] = ci;
      }
    }
  }
  /**
   * pngjs writes truecolour only; an indexed PNG of flat shapes is ~10× smaller. `view` picks
   * rows `top`..`top + height` and every `step`-th pixel (nearest: the palette stays flat).
   */
  encode(view: { top: number; height: number; step: number } = { top: 0, height: SIZE, step: 1 }): Buffer {
    const width = Math.floor(SIZE / view.step);
    const height = Math.floor(view.height / view.step);
    const raw = Buffer.alloc(height * (width + 1));
    for (let y = 0; y < height; y++) {
      raw[y * (width + 1)] = 0;
      const row = (view.top + y * view.step) * SIZE;
      for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = this.pixels[row + x * view.step] ?? 0;
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 3; // indexed colour
    const plte = Buffer.from(this.palette.flatMap((c) => [c[0], c[1], c[2]]));
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('PLTE', plte),
      pngChunk('IDAT', deflateSync(raw, { level: 9 })),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function drawScene(s: Scene, seed: number): Canvas {
  const cv = new Canvas();
  const prng = createPrng(seed);
  const bands = s.sky.map(hex);
  for (let y = 0; y < SIZE; y++) {
    const c = bands[Math.min(bands.length - 1, Math.floor((y / SIZE) * bands.length))] ?? [0, 0, 0];
    for (let x = 0; x < SIZE; x++) cv.set(x, y, c);
  }
  const [ox, oy, orr] = s.orbAt;
  cv.disc(ox * SIZE, oy * SIZE, orr, hex(s.orb));
  if (s.dots?.[3] === 'upper') drawDots(cv, s.dots, prng);
  for (const [col, base, rough, waves] of s.layers) {
    const c = hex(col);
    const ph = [nextUnit(prng), nextUnit(prng), nextUnit(prng)].map((u) => u * 2 * Math.PI);
    for (let x = 0; x < SIZE; x++) {
      const u = x / SIZE;
      const h =
        base +
        rough *
          (0.6 * Math.sin(2 * Math.PI * waves * u * 0.5 + (ph[0] ?? 0)) +
            0.3 * Math.sin(2 * Math.PI * waves * u * 1.3 + (ph[1] ?? 0)) +
            0.2 * Math.abs(Math.sin(2 * Math.PI * waves * u * 2.1 + (ph[2] ?? 0))));
      for (let y = Math.max(0, Math.floor(h * SIZE)); y < SIZE; y++) cv.set(x, y, c);
    }
  }
  if (s.dots && s.dots[3] !== 'upper') drawDots(cv, s.dots, prng);
  return cv;
}

function drawDots(cv: Canvas, dots: NonNullable<Scene['dots']>, prng: ReturnType<typeof createPrng>): void {
  const [col, count, r, where] = dots;
  const c = hex(col);
  for (let i = 0; i < count; i++) {
    const x = nextUnit(prng) * SIZE;
    const y = (where === 'upper' ? nextUnit(prng) * 0.5 : where === 'lower' ? 0.5 + nextUnit(prng) * 0.5 : nextUnit(prng)) * SIZE;
    cv.disc(x, y, r * (0.5 + nextUnit(prng)), c);
  }
}

function drawRecord(p: readonly [string, string, string], seed: number): Canvas {
  const cv = new Canvas();
  const prng = createPrng(seed);
  const [bg, label, accent] = p.map(hex) as [Rgb, Rgb, Rgb];
  const cx = SIZE / 2 + (nextUnit(prng) - 0.5) * 40;
  const cy = SIZE / 2 + (nextUnit(prng) - 0.5) * 40;
  const vinyl: Rgb = [28, 26, 30];
  const groove: Rgb = [44, 42, 48];
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const d = Math.hypot(x - cx, y - cy);
      let c = bg;
      if (d < 200) c = Math.floor(d / 9) % 2 === 0 && d > 80 ? groove : vinyl;
      if (d < 78) c = label;
      if (d < 30 && d > 22) c = accent;
      if (d < 7) c = bg;
      cv.set(x, y, c);
    }
  }
  return cv;
}

function drawCover(entry: CatalogueEntry): Canvas {
  const slug = entry.image.replace(/^media\//, '').replace(/\.png$/, '');
  const scene = SCENES[slug];
  if (scene) return drawScene(scene, 1000 + entry.index);
  const palette = LOFI_PALETTES[slug] ?? ['#dddddd', '#555555', '#aaaaaa'];
  return drawRecord(palette, 2000 + entry.index);
}

/** A cover PNG for a catalogue entry (512 × 512: the lock screen's artwork). */
export function renderCover(entry: CatalogueEntry): Buffer {
  return drawCover(entry).encode();
}

/** The home card's cover shape (issue 39): 3 : 2, as the card shows it. */
export const CARD_COVER = { width: SIZE / 2, height: Math.floor((SIZE * 2) / 3 / 2) } as const;

/**
 * The same cover for the home card (issue 39): its middle 3 : 2, at half size (256 × 170), so the
 * 24 the first screen of a desktop shows weigh about a third of the full covers.
 */
export function renderCardCover(entry: CatalogueEntry): Buffer {
  const height = CARD_COVER.height * 2;
  return drawCover(entry).encode({ top: Math.floor((SIZE - height) / 2), height, step: 2 });
}
