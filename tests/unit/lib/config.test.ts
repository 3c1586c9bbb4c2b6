// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULTS, readSiteConfig } from '../../../src/lib/config';

describe('site configuration', () => {
  it('has documented defaults: own-origin media, no error tracking, no analytics', () => {
    const config = readSiteConfig({});
    expect(config).toMatchObject({ productName: 'Lull', mediaHost: '', supportEmail: DEFAULTS.supportEmail, sentryDsn: undefined, analytics: undefined });
  });

  it('reads every setting from VITE_ variables and trims a trailing slash from the media host', () => {
    const config = readSiteConfig({
      VITE_MEDIA_HOST: 'https://cdn.example.com/lull/',
      VITE_SUPPORT_EMAIL: 'help@example.com',
      VITE_SENTRY_DSN: 'https://k@o1.ingest.example.com/1',
      VITE_ANALYTICS_SRC: 'https://stats.example.com/js/script.js',
      VITE_ANALYTICS_DOMAIN: 'lull.example.com',
      VITE_CDN_PROVIDER: 'Cloudflare',
    });
    expect(config.mediaHost).toBe('https://cdn.example.com/lull');
    expect(config.supportEmail).toBe('help@example.com');
    expect(config.sentryDsn).toContain('ingest');
    expect(config.analytics).toEqual({ scriptSrc: 'https://stats.example.com/js/script.js', domain: 'lull.example.com', provider: 'Plausible Analytics' });
    expect(config.cdnProvider).toBe('Cloudflare');
  });

  it('ignores blank values', () => {
    expect(readSiteConfig({ VITE_SENTRY_DSN: '  ', VITE_ANALYTICS_SRC: 'x' }).analytics).toBeUndefined();
  });
});
