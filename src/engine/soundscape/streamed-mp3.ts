/**
 * A soundscape's MP3 read as it arrives (streamed-file.ts): its layout from the first bytes (the tag gives the
 * whole length), and slices that wait for their frames. A loop track decodes its first windows from here while
 * the rest of the file comes, so the first sound needs the first window's bytes, not the whole download.
 */
import type { StreamedFile } from './streamed-file';
import { DECODER_DELAY, Mp3LayoutError, parseMp3Layout, SAMPLES_PER_FRAME, sliceMp3, type Mp3Layout, type Mp3Slice } from './mp3-layout';

/** Enough for any ID3 header and the tag frame: a file whose tag is not in them is not one this engine windows. */
const TAG_SEARCH_BYTES = 64 * 1024;
/** Bytes to arrive between two reads of the frames while a slice waits (a read is a walk over every frame). */
const REPARSE_BYTES = 16 * 1024;

export interface StreamedMp3 {
  /** The layout as far as the bytes go (`length` is the whole file's; `offsets` grow until the file is complete). */
  layout(): Mp3Layout;
  /** The slice for file samples [start, start + length), once its frames have arrived. */
  readSlice(start: number, length: number): Promise<Mp3Slice>;
  /** The whole file and its layout, once every byte has arrived. */
  whole(): { bytes: Uint8Array; layout: Mp3Layout } | null;
}

export async function openStreamedMp3(file: StreamedFile): Promise<StreamedMp3> {
  let parsedAt = 0;
  let layout: Mp3Layout | null = null;
  const parse = () => {
    const bytes = file.bytes();
    layout = parseMp3Layout(bytes, !file.complete);
    parsedAt = file.complete ? Infinity : bytes.length;
    return layout;
  };
  for (;;) {
    try {
      parse();
      break;
    } catch (error) {
      if (!(error instanceof Mp3LayoutError) || file.complete || file.bytes().length >= TAG_SEARCH_BYTES) throw error;
      await file.more();
    }
  }
  const current = () => {
    if (file.complete ? parsedAt !== Infinity : file.bytes().length - parsedAt >= REPARSE_BYTES) return parse();
    return layout!;
  };
  return {
    layout: current,
    async readSlice(start, length) {
      // The last frame the slice needs (sliceMp3 takes whole frames up to the one holding its last sample).
      const endFrame = Math.ceil((start + length + current().delay + DECODER_DELAY) / SAMPLES_PER_FRAME);
      while (!file.complete && current().offsets.length - 1 < endFrame) {
        await file.more();
      }
      return sliceMp3(file.bytes(), current(), start, length);
    },
    whole() {
      return file.complete ? { bytes: file.bytes(), layout: current() } : null;
    },
  };
}
