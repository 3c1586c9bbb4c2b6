/** podcastData: an array of objects with a feedUrl. Entries without a string feedUrl are skipped. */
export declare function readPodcastFeedUrls(): string[];
export default function PodcastsPage(): import("react").JSX.Element;
