/**
 * Ogg pages written here for the import tests (issue 41): packets as an encoder hands them over, each with the
 * granule position at its end, into one logical stream (BOS on the first page, EOS on the last), with Ogg's CRC.
 * A page holds up to `packetsPerPage` whole packets; a packet longer than a page's 255 lacing values runs on into
 * pages flagged as continued, whose granule is -1 until a packet ends there. Pure, for Node.
 */

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, i) => {
  let crc = i << 24;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

const crcOf = (bytes: Uint8Array) => bytes.reduce((crc, byte) => ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0, 0);

interface Segmented {
  lacing: number[];
  body: Uint8Array[];
  /** The granule of the last packet that ends on the page, or -1. */
  granule: bigint;
  continued: boolean;
}

function page(segmented: Segmented, flags: number, serial: number, sequence: number): Buffer {
  const header = Buffer.alloc(27 + segmented.lacing.length);
  header.write('OggS', 0, 'latin1');
  header[5] = flags | (segmented.continued ? 0x01 : 0);
  header.writeBigInt64LE(segmented.granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = segmented.lacing.length;
  Buffer.from(segmented.lacing).copy(header, 27);
  const out = Buffer.concat([header, ...segmented.body]);
  out.writeUInt32LE(crcOf(out), 22);
  return out;
}

/** One Ogg stream of `packets`, `granules[i]` the granule position at the end of packet i; the first `headers` stand on pages of their own. */
export function oggStream(packets: readonly Uint8Array[], granules: readonly number[], { serial = 0x4c756c6c, packetsPerPage = 4, headers = 2 } = {}): Buffer {
  const pages: Segmented[] = [];
  let current: Segmented = { lacing: [], body: [], granule: -1n, continued: false };
  let whole = 0;
  const flush = (continued: boolean) => {
    pages.push(current);
    current = { lacing: [], body: [], granule: -1n, continued };
    whole = 0;
  };
  packets.forEach((packet, i) => {
    let at = 0;
    for (;;) {
      const size = Math.min(255, packet.length - at);
      current.lacing.push(size);
      current.body.push(packet.subarray(at, at + size));
      at += size;
      if (size < 255) break;
      if (current.lacing.length === 255) flush(true);
    }
    current.granule = BigInt(granules[i]!);
    whole += 1;
    // The headers stand on pages of their own (RFC 7845 section 3), as encoders write them.
    if (i < headers || whole === packetsPerPage || current.lacing.length > 200) flush(false);
  });
  if (current.lacing.length > 0) flush(false);
  return Buffer.concat(pages.map((each, i) => page(each, (i === 0 ? 0x02 : 0) | (i === pages.length - 1 ? 0x04 : 0), serial, i)));
}

/** RFC 7845's identification header: `channels`, `preSkip` samples at 48 kHz, mapping family 0. */
export function opusHead(channels: number, preSkip: number, inputRate = 48_000): Uint8Array {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = channels;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(inputRate, 12);
  return head;
}

/** RFC 7845's comment header, with a vendor string and no comments. */
export function opusTags(vendor = 'Lull tests'): Uint8Array {
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  tags.write(vendor, 12, 'latin1');
  return tags;
}
