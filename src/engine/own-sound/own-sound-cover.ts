import { SCENES } from '../../catalogue/cover-scenes';

/**
 * A listener's own sound's cover for the lock screen (issue 41), drawn from its sound: its spectrum (third-octave
 * bands, low on the left, the import's spectrumProfile) as hills in one of the catalogue's scene palettes, chosen by
 * the sound's id so a sound keeps its colours: its sky bands and sun or moon, and three hills, the front one the
 * spectrum itself. Flat colours, as the catalogue's covers are.
 */
export const COVER_SIZE = 512;
/** The front hill's foot and how high the loudest band reaches (fractions of the cover, from the top). */
const FOOT = 0.92;
const REACH = 0.72;
/** Each hill behind the front one stands this much higher (px), smoothed more. */
const STEP_PX = 28;

/** 0..1 per column, the bands spread across the width with a cosine between neighbours (no corners). */
export function coverHeights(spectrum: readonly number[], width: number, smoothing = 0): Float32Array {
  const out = new Float32Array(width);
  const n = spectrum.length;
  if (n === 0) return out.fill(0.3);
  for (let x = 0; x < width; x++) {
    const at = (x / Math.max(1, width - 1)) * (n - 1);
    const i = Math.floor(at);
    const t = (1 - Math.cos(Math.PI * (at - i))) / 2;
    out[x] = (spectrum[i] ?? 0) * (1 - t) + (spectrum[Math.min(n - 1, i + 1)] ?? 0) * t;
  }
  // A moving mean `smoothing` columns wide on each side: the hills behind are gentler.
  if (smoothing <= 0) return out;
  const smooth = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, x - smoothing); k <= Math.min(width - 1, x + smoothing); k++, count++) sum += out[k] ?? 0;
    smooth[x] = sum / count;
  }
  return smooth;
}

const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** The scene whose palette a sound's cover takes: the same for the same id. */
export function coverScene(id: string) {
  const scenes = Object.values(SCENES);
  return scenes[hash(id) % scenes.length]!;
}

/** `a` moved towards `b` by `t` (0..1), both '#rrggbb'. */
function mixColour(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t).toString(16).padStart(2, '0')).join('')}`;
}

/** Three hills, back to front: the scene's own last three, or its front one paled towards the sky for those it lacks. */
export function hillColours(scene: { readonly sky: readonly string[]; readonly layers: readonly (readonly [string, ...unknown[]])[] }): string[] {
  const own = scene.layers.slice(-3).map(([colour]) => colour);
  const front = own.at(-1) ?? '#335';
  const sky = scene.sky.at(-1) ?? '#ccd';
  const paler = [mixColour(front, sky, 0.5), mixColour(front, sky, 0.25)].slice(0, 3 - own.length);
  return [...paler, ...own];
}

/** The cover as a PNG data URL, or null where the page cannot draw (no canvas). */
export function drawOwnSoundCover(sound: { readonly id: string; readonly spectrum?: readonly number[] }): string | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = COVER_SIZE;
  canvas.height = COVER_SIZE;
  const g = canvas.getContext('2d');
  if (!g) return null;
  const scene = coverScene(sound.id);
  // The scene's sky in its bands, and its sun or moon kept high, where the hills do not reach.
  scene.sky.forEach((colour, i) => {
    g.fillStyle = colour;
    const top = Math.floor((i * COVER_SIZE) / scene.sky.length);
    g.fillRect(0, top, COVER_SIZE, Math.ceil(COVER_SIZE / scene.sky.length) + 1);
  });
  const [orbX] = scene.orbAt;
  g.fillStyle = scene.orb;
  g.beginPath();
  g.arc(orbX * COVER_SIZE, 0.16 * COVER_SIZE, 36, 0, 2 * Math.PI);
  g.fill();
  // The front hill is the spectrum itself; the two behind it stand higher and gentler.
  const colours = hillColours(scene);
  colours.forEach((colour, k) => {
    const behind = colours.length - 1 - k;
    const heights = coverHeights(sound.spectrum ?? [], COVER_SIZE, behind * 12);
    g.fillStyle = colour;
    for (let x = 0; x < COVER_SIZE; x++) {
      const top = Math.round(COVER_SIZE * (FOOT - REACH * (heights[x] ?? 0)) - behind * STEP_PX);
      g.fillRect(x, Math.max(0, top), 1, COVER_SIZE - Math.max(0, top));
    }
  });
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}
