// @vitest-environment node
/** What an import refuses before decoding (issue 41), and the names it gives and accepts. */
import { describe, expect, it } from 'vitest';
import { looksLikeAudio, sizeProblem } from '../../../../src/features/own-sounds/decode-import';
import { validateOwnSoundName } from '../../../../src/features/own-sounds/own-sounds-store';
import { nameFromFile } from '../../../../src/features/own-sounds/own-sounds-import';
import { MAX_IMPORT_BYTES } from '../../../../src/lib/own-sound-strings';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((ch) => ch.charCodeAt(0)) : part)));

describe('own sound import checks', () => {
  it('refuses over 200 MB and zero length from the size alone (nothing is read)', () => {
    const sized = (size: number) => ({ size }) as Blob;
    expect(sizeProblem(sized(MAX_IMPORT_BYTES + 1))).toBe('tooBig');
    expect(sizeProblem(sized(MAX_IMPORT_BYTES))).toBeNull();
    expect(sizeProblem(sized(0))).toBe('empty');
  });

  it('knows audio containers by their first bytes, and an image renamed .mp3 is not one', () => {
    expect(looksLikeAudio(bytes('ID3', [4, 0, 0, 0]))).toBe(true);
    expect(looksLikeAudio(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe(true);
    expect(looksLikeAudio(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBe(true);
    expect(looksLikeAudio(bytes('fLaC'))).toBe(true);
    expect(looksLikeAudio(bytes('OggS'))).toBe(true);
    expect(looksLikeAudio(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe(true);
    expect(looksLikeAudio(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(looksLikeAudio(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(false); // a JPEG
    expect(looksLikeAudio(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe(false);
    expect(looksLikeAudio(bytes('ab'))).toBe(false);
  });

  it('names a sound from its file, cut to the limit, and validates names like a playlist (not empty after trimming)', () => {
    expect(nameFromFile('rain on my window.mp3')).toBe('rain on my window');
    expect(nameFromFile('.mp3')).toBe('My sound');
    const hostile = `<img src=x onerror=alert(1)>${'a'.repeat(2000)}.wav`;
    expect(nameFromFile(hostile).length).toBeLessThanOrEqual(60);
    expect(validateOwnSoundName(nameFromFile(hostile))).toBeNull();
    expect(validateOwnSoundName('   ')).toBe('required');
    expect(validateOwnSoundName('x'.repeat(61))).toBe('tooLong');
    expect(validateOwnSoundName('  Fan  ')).toBeNull();
  });
});
