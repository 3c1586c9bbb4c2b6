/**
 * How files reach Your sounds (issue 41): what the picker and the share sheet offer, and the contract between the
 * manifest's share target, the service worker's script that receives a share (public/share-target.js, which repeats
 * these values: a unit test runs it against them) and the page that imports what it kept.
 */

/** What the picker offers; the browser decides what it can decode (a file it cannot is refused with a message). */
export const OWN_SOUND_ACCEPT = ['audio/*', '.mp3', '.m4a', '.aac', '.ogg', '.opus', '.oga', '.wav', '.flac', '.webm'] as const;

/** Where the installed app receives a share: a POST the service worker answers, never the server. */
export const SHARE_TARGET_ACTION = '/share-target';
/** The form field that carries the shared files. */
export const SHARE_FIELD = 'audio';
/** The service worker keeps the shared files here until the page takes them. */
export const SHARED_CACHE = 'lull-shared-files';
/** Each kept file's name (URI-encoded), on its cached response. */
export const SHARED_NAME_HEADER = 'X-Lull-File-Name';
/** The home page's query after a share: how many files were kept, or `failed`. */
export const SHARED_PARAM = 'shared';
export const SHARE_FAILED = 'failed';

/** The manifest's `share_target`: Android's share sheet offers Lull for audio files once it is installed. */
export const shareTarget = {
  action: SHARE_TARGET_ACTION,
  method: 'POST' as const,
  enctype: 'multipart/form-data',
  params: { files: [{ name: SHARE_FIELD, accept: [...OWN_SOUND_ACCEPT] }] },
};
