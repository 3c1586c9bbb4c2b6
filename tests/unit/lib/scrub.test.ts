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
});
