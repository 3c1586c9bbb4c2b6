/**
 * Cover images: 512×512 flat-colour PNGs (few colours, no anti-aliasing, RGB) so each file
 * stays small (indexed PNG written here; pngjs can only write truecolour). Nature/ambient sounds get a scene (sky, a sun or moon, layered silhouettes
 * shaped for the sound); lofi songs get a record with a coloured label on a pastel field.
 */
import { crc32, deflateSync } from 'node:zlib';
import { createPrng, nextUnit } from '../worklets/dsp/prng.ts';
import type { CatalogueEntry } from '../src/catalogue/entries.ts';

type Rgb = readonly [number, number, number];
const hex = (h: string): Rgb => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];

interface Scene {
  /** Sky bands from top to bottom. */
  readonly sky: readonly string[];
  readonly orb: string;
  /** Orb centre (0..1) and radius in px. */
  readonly orbAt: readonly [number, number, number];
  /** Layers back to front: colour, base height (0..1 from top), roughness, wave count. */
  readonly layers: readonly (readonly [string, number, number, number])[];
  /** Small flat dots (stars, bubbles, sparks, drops): colour and count and radius. */
  readonly dots?: readonly [string, number, number, 'upper' | 'all' | 'lower'];
}

const SCENES: Record<string, Scene> = {
  ocean: { sky: ['#8ecae6', '#a8d8ea', '#cfe8ef'], orb: '#ffd98e', orbAt: [0.72, 0.3, 46], layers: [['#2f7fa8', 0.55, 0.02, 3], ['#1f6690', 0.66, 0.03, 5], ['#134b6b', 0.78, 0.035, 4], ['#0b3550', 0.9, 0.02, 6]] },
  forest: { sky: ['#cde6c4', '#dcefd2', '#eef6e6'], orb: '#fff3c4', orbAt: [0.3, 0.25, 40], layers: [['#7fae7a', 0.5, 0.09, 14], ['#4f8a55', 0.62, 0.12, 18], ['#2f6a3c', 0.75, 0.14, 22], ['#1c4a2a', 0.88, 0.1, 26]] },
  rain: { sky: ['#5d6d7e', '#6f7f8f', '#8393a3'], orb: '#9aa9b8', orbAt: [0.7, 0.22, 70], layers: [['#4a5866', 0.7, 0.03, 3], ['#36434f', 0.84, 0.02, 4]], dots: ['#c9d6e3', 160, 2, 'all'] },
  river: { sky: ['#bfe3d0', '#d5eddf', '#e8f5ec'], orb: '#fff0b8', orbAt: [0.5, 0.22, 38], layers: [['#6fa487', 0.45, 0.07, 6], ['#4d8a6d', 0.56, 0.05, 5], ['#4aa3c2', 0.72, 0.015, 8], ['#2f84a5', 0.86, 0.015, 10]] },
  wind: { sky: ['#d9e4ec', '#e3ebf1', '#edf2f6'], orb: '#f7f7f2', orbAt: [0.25, 0.28, 36], layers: [['#b6c8d6', 0.42, 0.015, 2], ['#9fb6c8', 0.56, 0.02, 2], ['#8aa2b3', 0.8, 0.05, 3]] },
  fire: { sky: ['#1d1a2b', '#241f33', '#2c2540'], orb: '#f6d365', orbAt: [0.5, 0.64, 80], layers: [['#f08a24', 0.62, 0.16, 9], ['#d9480f', 0.74, 0.12, 11], ['#5a2a12', 0.9, 0.01, 2]], dots: ['#ffd166', 40, 3, 'upper'] },
  desert: { sky: ['#f9d9a6', '#fbe3b9', '#fdeccc'], orb: '#fff7e0', orbAt: [0.7, 0.28, 52], layers: [['#e9b872', 0.6, 0.05, 2], ['#d99a4e', 0.72, 0.06, 3], ['#c17f3a', 0.86, 0.05, 2]] },
  arctic: { sky: ['#c9dcef', '#dbe8f5', '#eaf2fa'], orb: '#ffffff', orbAt: [0.3, 0.22, 34], layers: [['#a9c4de', 0.5, 0.18, 5], ['#d7e6f3', 0.68, 0.05, 3], ['#f4f8fc', 0.82, 0.03, 2]] },
  kettle: { sky: ['#f3e3d3', '#f6eadc', '#f9f0e6'], orb: '#d9a57a', orbAt: [0.5, 0.58, 120], layers: [['#8c5a3c', 0.86, 0.0, 1]], dots: ['#ffffff', 30, 10, 'upper'] },
  crickets: { sky: ['#101a33', '#162240', '#1c2a4d'], orb: '#f1f0d8', orbAt: [0.74, 0.24, 40], layers: [['#1e3b2f', 0.66, 0.1, 30], ['#142a21', 0.78, 0.14, 40], ['#0c1c16', 0.9, 0.12, 50]], dots: ['#e8e6c8', 60, 2, 'upper'] },
  underwater: { sky: ['#0f5e7a', '#0b4a66', '#083852'], orb: '#3f8ea8', orbAt: [0.5, -0.05, 160], layers: [['#0a3346', 0.8, 0.06, 5], ['#062635', 0.9, 0.05, 7]], dots: ['#9fd6e8', 40, 7, 'all'] },
  seagulls: { sky: ['#9fd3ec', '#b7def0', '#d2eaf5'], orb: '#fff2c0', orbAt: [0.25, 0.27, 42], layers: [['#3a8fb7', 0.66, 0.015, 4], ['#2a7399', 0.8, 0.02, 6], ['#e5d3a8', 0.92, 0.02, 2]], dots: ['#ffffff', 7, 6, 'upper'] },
  bubbles: { sky: ['#6fd0d8', '#58bfcc', '#44aebf'], orb: '#a6e7ec', orbAt: [0.35, 0.38, 70], layers: [['#2f93a8', 0.88, 0.03, 4]], dots: ['#e6fbff', 36, 14, 'all'] },
};

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
