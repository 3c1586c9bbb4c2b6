import { scrubBreadcrumb, scrubEvent } from './scrub';

/**
 * Error reporting. @sentry/browser loads lazily and only when a DSN is configured, so it costs
 * nothing when off. No PII and no cookies are sent, and no user text: breadcrumbs and events are
 * scrubbed before sending (lib/scrub.ts).
 */
type SentryModule = typeof import('@sentry/browser');

let sentry: Promise<SentryModule | undefined> = Promise.resolve(undefined);

export function startErrorReporting(dsn: string | undefined, release?: string): Promise<SentryModule | undefined> {
  if (!dsn) return sentry;
  // A production build without a configured DSN drops the Sentry chunk entirely.
  if (import.meta.env.PROD && !import.meta.env.VITE_SENTRY_DSN) return sentry;
  sentry = import('@sentry/browser').then((module) => {
    module.init({
      dsn,
      ...(release ? { release } : {}),
      // No personal data: no user fields, cookies, headers, bodies or query strings.
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
      // Only errors: no tracing, no replays.
      tracesSampleRate: 0,
      integrations: (defaults) => defaults.filter((integration) => integration.name !== 'BrowserSession'),
      // Click breadcrumbs name elements by their aria-labels ("Play playlist <name>"): scrubbed here and again before sending.
      beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
      beforeSend: (event) => scrubEvent(event),
    });
    return module;
  });
  return sentry;
}

/** Log an error and report it when error reporting is on. Never throws. */
export function reportError(error: unknown, context?: string): void {
  console.error(context ?? 'Lull error:', error);
  void sentry.then((module) => module?.captureException(error));
}
