/**
 * Saved audio as the SPEC stores it: a base64 data URL (SPEC 7). Encoding, decoding and its size, without the cache around it:
 * the cache worker stores and reads copies with it, and the page reopens a copy as a data: URL with it (WebKit's retry).
 */

// Chunks keep String.fromCharCode's argument list well under engine limits.
const CHUNK = 0x8000;

type Base64Native = { toBase64?: () => string };
type FromBase64Native = { fromBase64?: (text: string) => Uint8Array };

export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as unknown as Base64Native).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]));
  }
  return btoa(parts.join(''));
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as unknown as FromBase64Native).fromBase64;
  if (typeof native === 'function') return new Uint8Array(native(text));
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toDataUrl(bytes: Uint8Array, mimeType: string): string {
  return `data:${mimeType || 'application/octet-stream'};base64,${bytesToBase64(bytes)}`;
}

/** Splits a base64 data URL; throws on anything else (a corrupt record). */
export function fromDataUrl(dataUrl: string): { mimeType: string; bytes: Uint8Array<ArrayBuffer> } {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(0, comma);
  if (comma < 0 || !header.startsWith('data:') || !header.endsWith(';base64')) throw new Error('not a base64 data URL');
  return { mimeType: header.slice(5, -7) || 'application/octet-stream', bytes: base64ToBytes(dataUrl.slice(comma + 1)) };
}

/** Decoded size of a base64 data URL without decoding it. */
export function dataUrlFileBytes(dataUrl: string): number {
  const payload = dataUrl.length - dataUrl.indexOf(',') - 1;
  const padding = dataUrl.endsWith('==') ? 2 : dataUrl.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((payload * 3) / 4) - padding);
}
