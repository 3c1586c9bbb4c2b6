import { afterEach, describe, expect, it } from 'vitest';
import { startAnalytics } from '../../../src/lib/analytics';
import { readSiteConfig } from '../../../src/lib/config';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('analytics', () => {
  it('adds nothing when analytics is not configured', () => {
    expect(startAnalytics(readSiteConfig({}).analytics)).toBeUndefined();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads the configured script once, deferred, with the site domain', () => {
    const config = readSiteConfig({ VITE_ANALYTICS_SRC: 'https://stats.example.org/js/script.js', VITE_ANALYTICS_DOMAIN: 'lull.example' }).analytics;
    startAnalytics(config);
    startAnalytics(config);
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: 'https://stats.example.org/js/script.js', defer: true });
    expect(scripts[0]?.dataset.domain).toBe('lull.example');
  });
});
