/**
 * Lull's share target (issue 41), imported by the service worker Workbox generates (vite.config.ts).
 * Android's share sheet POSTs audio files here once Lull is installed (the manifest's share_target). They are kept
 * in Cache Storage, one response per file, and the home page is opened to import them (own-sounds/shared-files.ts).
 * The values below are src/lib/own-sound-files.ts's; tests/unit/lib/share-target.test.ts runs this script against them.
 */
/* global self, caches, Response, URL, File */
(() => {
  const ACTION = '/share-target';
  const FIELD = 'audio';
  const CACHE = 'lull-shared-files';
  const NAME_HEADER = 'X-Lull-File-Name';
  const home = (kept) => new URL(`/?shared=${kept}`, self.location.origin).href;

  async function receive(request) {
    try {
      const form = await request.formData();
      const files = form.getAll(FIELD).filter((value) => value instanceof File);
      // A share replaces one the page never took (a share while Lull was closed for good).
      await caches.delete(CACHE);
      const cache = await caches.open(CACHE);
      for (const [index, file] of files.entries()) {
        const headers = { 'Content-Type': file.type || 'application/octet-stream', [NAME_HEADER]: encodeURIComponent(file.name) };
        await cache.put(`/shared-file/${index}`, new Response(file, { headers }));
      }
      return Response.redirect(home(files.length), 303);
    } catch {
      // Storage full, or a body that is not a form: the page says so; the sharing app still has the file.
      await caches.delete(CACHE).catch(() => undefined);
      return Response.redirect(home('failed'), 303);
    }
  }

  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== ACTION) return;
    event.respondWith(receive(event.request));
  });
})();
