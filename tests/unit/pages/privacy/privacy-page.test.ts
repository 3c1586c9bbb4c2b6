import { describe, expect, it } from 'vitest';
import { readSiteConfig } from '../../../../src/lib/config';
import { providerStatements } from '../../../../src/pages/privacy/privacy-page';

describe('/privacy provider statements', () => {
  it('say that nothing is used when nothing is configured', () => {
    const statements = providerStatements(readSiteConfig({}));
    expect(statements.cdn).toContain('does not use a separate CDN');
    expect(statements.errors).toContain('does not use an error-tracking service');
    expect(statements.analytics).toBe('This deployment does not use an analytics provider.');
  });

  it('name the media host the sounds load from, with or without a named CDN provider', () => {
    const plain = providerStatements(readSiteConfig({ VITE_MEDIA_HOST: 'https://cdn.example.com/' }));
    expect(plain.cdn).not.toContain('pages and sounds are served directly');
    expect(plain.cdn).toContain('Sounds and cover images load from cdn.example.com');
    const named = providerStatements(readSiteConfig({ VITE_MEDIA_HOST: 'https://cdn.example.com', VITE_CDN_PROVIDER: 'Cloudflare' }));
    expect(named.cdn).toContain('served through Cloudflare');
    expect(named.cdn).toContain('cdn.example.com');
  });

  it('name the configured error tracking and analytics', () => {
    const statements = providerStatements(
      readSiteConfig({ VITE_SENTRY_DSN: 'https://key@errors.example.com/1', VITE_ANALYTICS_SRC: 'https://stats.example.org/s.js', VITE_ANALYTICS_DOMAIN: 'lull.example' }),
    );
    expect(statements.errors).toContain('uses Sentry');
    expect(statements.analytics).toContain('uses Plausible Analytics');
  });
});
