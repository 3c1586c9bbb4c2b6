export interface ChangelogBlock {
  readonly type: 'heading' | 'paragraph';
  readonly content: string;
}

export interface ChangelogEntry {
  readonly title: string;
  /** ISO calendar date, 'YYYY-MM-DD'. */
  readonly date: string;
  readonly body: readonly ChangelogBlock[];
}

export const changelogEntries: readonly ChangelogEntry[] = [
  {
    title: 'Offline Mode + Lo-fi Radio',
    date: '2025-04-21',
    body: [
      { type: 'heading', content: 'Offline Mode' },
      { type: 'paragraph', content: 'Every sound you play is saved on your device, so it plays again without a connection. Install Lull as an app for the best offline experience.' },
      { type: 'heading', content: 'Lo-fi Radio' },
      { type: 'paragraph', content: 'When a lo-fi track ends, another one starts, shuffled, so the music keeps going while you focus.' },
    ],
  },
];

/** 'Apr 21, 2025' from '2025-04-21', with no timezone shift: the date is a calendar date, not an instant. */
export function formatChangelogDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Newest first, from a copy. */
export const sortedChangelog = (entries: readonly ChangelogEntry[] = changelogEntries): ChangelogEntry[] =>
  [...entries].sort((a, b) => b.date.localeCompare(a.date));
