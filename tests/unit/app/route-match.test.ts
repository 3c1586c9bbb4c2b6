// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchedRoute, pageTitle } from '../../../src/app/route-match';
import { documentTitle, routeTitles } from '../../../src/lib/strings';
import { appRoutes } from '../../e2e/routes';

describe('route match', () => {
  it('gives every SPEC route its own header and document title', () => {
    const titles = Object.keys(routeTitles).map((path) => [path, pageTitle(matchedRoute(path)), documentTitle(pageTitle(matchedRoute(path)))]);
    // The same SPEC table the e2e routes test walks in Chromium.
    expect(titles).toEqual(appRoutes);
  });

  it('matches as the router does: a trailing slash and letter case do not matter', () => {
    expect(matchedRoute('/white-noise/')).toBe('/white-noise');
    expect(matchedRoute('/White-Noise')).toBe('/white-noise');
  });

  it('makes any other path the not-found page', () => {
    for (const path of ['/no/such/page', '/white-noise/extra', '/whitenoise', '/__lull-not-found__']) {
      expect(matchedRoute(path)).toBe('*');
    }
    expect(pageTitle('*')).toBe('Page not found');
  });
});
