/**
 * Site configuration: one module, read from Vite environment variables at build time.
 * Every value has a documented default (README, "Configuration").
 */
export interface AnalyticsConfig {
  /** Script URL of a cookie-less, privacy-friendly analytics provider (Plausible-compatible). */
  readonly scriptSrc: string;
  /** Site domain reported to the provider. */
  readonly domain: string;
  /** Provider name shown on /privacy. */
  readonly provider: string;
}

export interface SiteConfig {
  readonly productName: string;
  readonly supportEmail: string;
  /** Base URL audio and images load from; '' means the app's own origin. */
  readonly mediaHost: string;
  readonly sourceRepositoryUrl: string;
  readonly sentryDsn: string | undefined;
  readonly analytics: AnalyticsConfig | undefined;
  /** CDN / security provider in front of this deployment, if any (named on /privacy). */
  readonly cdnProvider: string | undefined;
}

type Env = Readonly<Record<string, string | boolean | undefined>>;

const text = (env: Env, key: string): string | undefined => {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

export const DEFAULTS = {
  supportEmail: 'support@lull.example',
  sourceRepositoryUrl: 'https://github.com/lull-audio/lull',
} as const;

/** Pure, so it can be tested with any environment. */
export function readSiteConfig(env: Env): SiteConfig {
  const analyticsSrc = text(env, 'VITE_ANALYTICS_SRC');
  const analyticsDomain = text(env, 'VITE_ANALYTICS_DOMAIN');
  return {
    productName: 'Lull',
    supportEmail: text(env, 'VITE_SUPPORT_EMAIL') ?? DEFAULTS.supportEmail,
    mediaHost: (text(env, 'VITE_MEDIA_HOST') ?? '').replace(/\/+$/, ''),
    sourceRepositoryUrl: text(env, 'VITE_SOURCE_URL') ?? DEFAULTS.sourceRepositoryUrl,
    sentryDsn: text(env, 'VITE_SENTRY_DSN'),
    analytics:
      analyticsSrc && analyticsDomain
        ? {
            scriptSrc: analyticsSrc,
            domain: analyticsDomain,
            provider: text(env, 'VITE_ANALYTICS_PROVIDER') ?? 'Plausible Analytics',
          }
        : undefined,
    cdnProvider: text(env, 'VITE_CDN_PROVIDER'),
  };
}

export const siteConfig: SiteConfig = readSiteConfig(import.meta.env as Env);
