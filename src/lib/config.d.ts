/**
 * Site configuration: one module, read from Vite environment variables at build time.
 * Every value has a documented default (README "Configuration").
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
export declare const DEFAULTS: {
    readonly supportEmail: "support@lull.example";
    readonly sourceRepositoryUrl: "https://github.com/lull-audio/lull";
};
/** Pure, so it can be tested with any environment. */
export declare function readSiteConfig(env: Env): SiteConfig;
export declare const siteConfig: SiteConfig;
export {};
