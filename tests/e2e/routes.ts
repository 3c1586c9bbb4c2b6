/** Every route of the app: its path, the header title it shows and its document title. */
export const appRoutes: [path: string, header: string, documentTitle: string][] = [
  ['/', 'Home', 'Lull'],
  ['/white-noise', 'White Noise', 'White Noise - Lull'],
  ['/pink-noise', 'Pink Noise', 'Pink Noise - Lull'],
  ['/brown-noise', 'Brown Noise', 'Brown Noise - Lull'],
  ['/podcasts', 'Podcasts', 'Podcasts - Lull'],
  ['/embed', 'Embed', 'Embed - Lull'],
  ['/privacy', 'Privacy', 'Privacy - Lull'],
  ['/support', 'Support', 'Support - Lull'],
  ['/settings', 'Settings', 'Settings - Lull'],
  ['/credits', 'Credits', 'Credits - Lull'],
  ['/changelog', 'Changelog', 'Changelog - Lull'],
];
