/**
 * Audio files made at run time for the import tests (issue 41): a recording's texture (seeded noise), 16-bit PCM as
 * WAV, and as FLAC (verbatim subframes: a valid stream any FLAC decoder reads, with no compression to get wrong). Pure,
 * for Node.
 */

/**
 * Seeded, gently low-passed noise over a slow drift from −0.2 to +0.2, so the recording's ends are far apart: played
 * end to start without the import's crossfade, the wrap is a jump of 0.4, many times the noise's own steps.
 */
export function recording(seconds: number, seed: number, rate = 48_000): Float32Array {
  let state = seed;
  let y = 0;
  const n = seconds * rate;
  return Float32Array.from({ length: n }, (_, i) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    y = 0.8 * y + 0.2 * (state / 2 ** 32 - 0.5);
    return 0.15 * y + 0.4 * (i / n - 0.5);
  });
}

const toInt16 = (x: number) => Math.round(Math.max(-1, Math.min(1, x)) * 32767);

/** A canonical 44-byte WAV header: `format` 1 is integer PCM, 3 is IEEE float. */
function wavHeader(format: 1 | 3, channels: number, rate: number, bits: number, dataBytes: number): Buffer {
  const out = Buffer.alloc(44);
  const frameBytes = (channels * bits) / 8;
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(format, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * frameBytes, 28);
  out.writeUInt16LE(frameBytes, 32);
  out.writeUInt16LE(bits, 34);
  out.write('data', 36);
  out.writeUInt32LE(dataBytes, 40);
  return out;
}

export function wav(channels: readonly Float32Array[], rate: number): Buffer {
  const frames = channels[0]?.length ?? 0;
  const data = Buffer.alloc(frames * channels.length * 2);
  for (let i = 0; i < frames; i++) {
    for (const [c, x] of channels.entries()) data.writeInt16LE(toInt16(x[i] ?? 0), (i * channels.length + c) * 2);
  }
  return Buffer.concat([wavHeader(1, channels.length, rate, 16, data.length), data]);
}

/** Mono 32-bit float, every sample as it was (a run of exact zeros stays one). */
export function floatWav(samples: Float32Array, rate: number): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return Buffer.concat([wavHeader(3, 1, rate, 32, data.length), data]);
}

const FLAC_BLOCK = 4096;
/** FLAC's header sample-rate codes for the rates the tests use. */
const RATE_CODES: Record<number, number> = { 44_100: 0b1001, 48_000: 0b1010 };

function crc8(bytes: readonly number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** FLAC's "UTF-8" coding of a frame number (up to 65535 here: three bytes). */
function codedNumber(n: number): number[] {
  if (n < 0x80) return [n];
  if (n < 0x800) return [0xc0 | (n >> 6), 0x80 | (n & 0x3f)];
  return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
}

export function flac(channels: readonly Float32Array[], rate: number): Buffer {
  const frames = channels[0]?.length ?? 0;
  const rateCode = RATE_CODES[rate];
  if (rateCode === undefined || channels.length < 1 || channels.length > 2) throw new Error(`flac: ${rate} Hz, ${channels.length} channels is not written here`);
  const info = Buffer.alloc(34);
  info.writeUInt16BE(FLAC_BLOCK, 0);
  info.writeUInt16BE(FLAC_BLOCK, 2);
  // Frame sizes (24 bits each) and the MD5 stay 0: "unknown", as the format allows.
  // 20 bits rate, 3 bits channels − 1, 5 bits bits-per-sample − 1, 36 bits total samples.
  const packed = (BigInt(rate) << 44n) | (BigInt(channels.length - 1) << 41n) | (15n << 36n) | BigInt(frames);
  info.writeBigUInt64BE(packed, 10);
  const parts: Buffer[] = [Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 34]), info];
  for (let start = 0, index = 0; start < frames; start += FLAC_BLOCK, index++) {
    const size = Math.min(FLAC_BLOCK, frames - start);
    // Fixed block size; 4096 has its own code, a shorter last block gives its size − 1 in 16 bits after the number.
    const header = [0xff, 0xf8, ((size === FLAC_BLOCK ? 0b1100 : 0b0111) << 4) | rateCode, ((channels.length - 1) << 4) | (0b100 << 1), ...codedNumber(index)];
    if (size !== FLAC_BLOCK) header.push((size - 1) >> 8, (size - 1) & 0xff);
    header.push(crc8(header));
    const body = Buffer.alloc(channels.length * (1 + 2 * size));
    channels.forEach((x, c) => {
      const at = c * (1 + 2 * size);
      body[at] = 0b0000_0010; // a VERBATIM subframe, no wasted bits
      for (let i = 0; i < size; i++) body.writeInt16BE(toInt16(x[start + i] ?? 0), at + 1 + 2 * i);
    });
    const frame = Buffer.concat([Buffer.from(header), body]);
    const footer = Buffer.alloc(2);
    footer.writeUInt16BE(crc16(frame), 0);
    parts.push(frame, footer);
  }
  return Buffer.concat(parts);
}
