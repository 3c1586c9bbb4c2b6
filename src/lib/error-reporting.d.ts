/**
 * Error reporting. @sentry/browser loads lazily and only when a DSN is configured, so it costs
 * nothing when off. No PII and no cookies are sent.
 */
type SentryModule = typeof import('@sentry/browser');
export declare function startErrorReporting(dsn: string | undefined, release?: string): Promise<SentryModule | undefined>;
/** Log an error and report it when error reporting is on. Never throws. */
export declare function reportError(error: unknown, context?: string): void;
export {};
