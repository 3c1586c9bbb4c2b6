/**
 * The browser entry, kept tiny: the prerendered page paints first, then the app (main.tsx) and the
 * route's page chunks (listed by the prerender in #root's data-preload) download. Starting them
 * after the first frame leaves the first paint to the HTML alone on a slow phone, at the cost of
 * one frame before the download starts.
 */
function afterFirstPaint(run: () => void): void {
  // A rAF callback runs just before a frame is painted; a task queued from it runs after that frame.
  requestAnimationFrame(() => setTimeout(run, 0));
}

afterFirstPaint(() => {
  const root = document.getElementById('root');
  for (const href of root?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  void import('./main');
});
