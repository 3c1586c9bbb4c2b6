import type { AnalyticsConfig } from './config';

/**
 * Loads the configured cookie-less analytics script (Plausible-compatible: it reads the site from
 * `data-domain`), once. Off unless configured: without a config nothing is added or requested.
 * The script's origin is allowed by the CSP (vite.config.ts) and named on /privacy.
 */
export function startAnalytics(config: AnalyticsConfig | undefined, doc: Document = document): HTMLScriptElement | undefined {
  if (!config) return undefined;
  const existing = doc.querySelector<HTMLScriptElement>('script[data-lull-analytics]');
  if (existing) return existing;
  const script = doc.createElement('script');
  script.defer = true;
  script.src = config.scriptSrc;
  script.dataset.domain = config.domain;
  script.dataset.lullAnalytics = '';
  doc.head.appendChild(script);
  return script;
}
