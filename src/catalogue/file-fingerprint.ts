/**
 * A catalogue file's fingerprint (FNV-1a, 32 bits, and its length): the studio writes it beside the file's segments
 * and the player finds them by the bytes it plays, whatever URL, host or saved copy they came from (another
 * recording at the same URL is never walked with the wrong segments).
 */
export function fileFingerprint(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] ?? 0), 0x01000193);
  return `${bytes.length.toString(16)}-${(h >>> 0).toString(16).padStart(8, '0')}`;
}
