// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changelogEntries, formatChangelogDate, sortedChangelog } from '../../../../src/pages/changelog/changelog-entries';

describe('changelog', () => {
  it('formats ISO dates en-US with a short month and no timezone shift', () => {
    expect(formatChangelogDate('2025-04-21')).toBe('Apr 21, 2025');
    expect(formatChangelogDate('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatChangelogDate('2024-12-31')).toBe('Dec 31, 2024');
  });

  it('sorts newest first without touching the data', () => {
    const entries = [
      { title: 'old', date: '2024-01-01', body: [] },
      { title: 'new', date: '2025-01-01', body: [] },
    ];
    expect(sortedChangelog(entries).map((e) => e.title)).toEqual(['new', 'old']);
    expect(entries[0]?.title).toBe('old');
  });

  it('ships the SPEC entry', () => {
    expect(changelogEntries).toContainEqual(expect.objectContaining({ date: '2025-04-21', title: 'Offline Mode + Lo-fi Radio' }));
  });
});
