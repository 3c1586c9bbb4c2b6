// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FILTERED, registerUserText, scrubBreadcrumb, scrubEvent, scrubSelector } from '../../../src/lib/scrub';

describe('scrubbing user text from error reports', () => {
  it('filters attribute values in click selectors, keeping Lull\'s own test ids and types', () => {
    const selector = 'div.MuiStack-root > button.MuiButton-root[aria-label="Play playlist My secret"][type="button"][data-testid="x"][title=\'t\']';
    const scrubbed = scrubSelector(selector);
    expect(scrubbed).not.toContain('My secret');
    expect(scrubbed).toContain(`[aria-label="${FILTERED}"]`);
    expect(scrubbed).toContain('[type="button"]');
    expect(scrubbed).toContain('[data-testid="x"]');
    expect(scrubbed).toContain(`[title="${FILTERED}"]`);
  });

  it('removes registered user text (playlist names) from breadcrumbs and from every string of an event', () => {
    const unregister = registerUserText(() => ['Walk "home"', 'Walk']);
    const crumb = scrubBreadcrumb({ category: 'ui.click', message: 'button[aria-label="Edit playlist Walk "home""]' });
    expect(crumb.message).not.toContain('Walk');
    const consoleCrumb = scrubBreadcrumb({ category: 'console', message: 'saved Walk', data: { arguments: [{ name: 'Walk' }], logger: 'console' } });
    expect(consoleCrumb).toEqual({ category: 'console', message: `saved ${FILTERED}`, data: { logger: 'console' } });
    const event = scrubEvent({
      exception: { values: [{ type: 'Error', value: 'could not play Walk "home"' }] },
      breadcrumbs: [{ category: 'ui.click', message: 'button[aria-label="Play playlist Walk"]' }],
      extra: { nested: ['Walk'] },
    });
    expect(JSON.stringify(event)).not.toContain('Walk');
    expect(event.exception.values[0]?.value).toBe(`could not play ${FILTERED}`);
    unregister();
  });

  it('a short playlist name ("a", "Sleep") does not wreck the report: stack frames stay as they are, and only whole words are filtered', () => {
    const unregister = registerUserText(() => ['a', 'Sleep', 'in']);
    const frame = { filename: 'http://localhost:4173/assets/main-a1b2.js', function: 'startSleepTimer', module: 'assets/main', lineno: 3, colno: 120, in_app: true };
    const event = scrubEvent({
      exception: { values: [{ type: 'TypeError', value: 'Cannot read properties of undefined (reading \'play\') in Sleep', stacktrace: { frames: [frame] } }] },
      breadcrumbs: [{ category: 'navigation', message: 'Failed to fetch audio', data: { from: '/brown-noise', to: '/settings' } }],
      request: { url: 'http://localhost:4173/' },
    });
    // Code locations are not user text: every frame exactly as it was.
    expect(event.exception.values[0]?.stacktrace.frames[0]).toEqual({ ...frame });
    // Words that merely contain a name are kept; the name on its own is filtered.
    expect(event.exception.values[0]?.value).toBe(`Cannot read properties of undefined (reading 'play') ${FILTERED} ${FILTERED}`);
    expect(event.breadcrumbs[0]).toEqual({ category: 'navigation', message: 'Failed to fetch audio', data: { from: '/brown-noise', to: '/settings' } });
    expect(event.request.url).toBe('http://localhost:4173/');
    unregister();
  });
});
