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
export declare const changelogEntries: readonly ChangelogEntry[];
/** 'Apr 21, 2025' from '2025-04-21', with no timezone shift: the date is a calendar date, not an instant. */
export declare function formatChangelogDate(isoDate: string): string;
/** Newest first, from a copy. */
export declare const sortedChangelog: (entries?: readonly ChangelogEntry[]) => ChangelogEntry[];
