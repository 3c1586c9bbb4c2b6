/** Built by vite.config.ts (mediaVersions): media path ('media/ocean.mp3') to its content hash. */
declare module 'virtual:lull-media-versions' {
  const versions: Readonly<Record<string, string>>;
  export default versions;
}
