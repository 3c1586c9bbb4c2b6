/**
 * The browser entry, kept tiny: the prerendered page paints first, then the app (main.tsx) and the
 * route's page chunks (listed by the prerender in #root's data-preload) download. Starting them once
 * the first paint has been shown leaves it to the HTML alone on a slow phone, at the cost of about a
 * frame before the download starts.
 */
import { listenForEarlySidebarShortcut } from './lib/early-shortcut';
import { nextTask } from './lib/next-task';
import { afterFirstPaint } from './lib/after-first-paint';

// Keys pressed before the app has started are kept for it.
listenForEarlySidebarShortcut();

afterFirstPaint(async () => {
  const root = document.getElementById('root');
  for (const href of root?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  // The biggest dependencies are evaluated first, each in its own task, then the app: evaluating
  // the whole graph at once is one long task on a phone (tens of ms at 4x CPU slowdown).
  await import('react-dom/client');
  await nextTask();
  const { prepareTheme } = await import('./app/app-theme');
  await nextTask();
  prepareTheme();
  await nextTask();
  await import('./main');
});
