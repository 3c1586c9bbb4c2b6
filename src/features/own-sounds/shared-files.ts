import { SHARE_FAILED, SHARED_CACHE, SHARED_NAME_HEADER } from '../../lib/own-sound-files';

/**
 * The files a share left for the page (public/share-target.js kept them in Cache Storage), taken once: read into
 * memory, then the cache is deleted. `failed`: the share said it could not keep them, or they cannot be read now.
 */
export async function takeSharedFiles(kept: string): Promise<{ files: File[] } | { failed: true }> {
  if (kept === SHARE_FAILED || typeof caches === 'undefined') return { failed: true };
  try {
    const cache = await caches.open(SHARED_CACHE);
    const files: File[] = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (!response) continue;
      const name = safeName(response.headers.get(SHARED_NAME_HEADER));
      files.push(new File([await response.blob()], name, { type: response.headers.get('Content-Type') ?? '' }));
    }
    await caches.delete(SHARED_CACHE);
    return files.length ? { files } : { failed: true };
  } catch {
    return { failed: true };
  }
}

/** A kept file's name, as the sharing app gave it; one that cannot be read is "Shared sound". */
function safeName(encoded: string | null): string {
  try {
    const name = encoded ? decodeURIComponent(encoded) : '';
    return name.trim() || 'Shared sound';
  } catch {
    return 'Shared sound';
  }
}
