/**
 * Removes user text from what error reporting sends (issue 14, point 9). Click breadcrumbs
 * describe the element as a selector with its attributes, e.g.
 * `button[aria-label="Play playlist <name>"]`, and an error message may quote a value: playlist
 * names and descriptions are the user's own words, and never leave the device.
 * Pure functions; error-reporting.ts wires them into Sentry's beforeBreadcrumb and beforeSend.
 */
export const FILTERED = '[Filtered]';

/** Attributes whose values are Lull's own (safe to keep: they help to find the element). */
const SAFE_ATTRIBUTES = new Set(['data-testid', 'type', 'role']);

type UserTextSource = () => Iterable<string>;
const sources = new Set<UserTextSource>();

/** A store registers where user text lives (e.g. playlist names); returns an unregister. */
export function registerUserText(source: UserTextSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

function userTexts(): string[] {
  const texts = new Set<string>();
  for (const source of sources) {
    try {
      for (const text of source()) if (typeof text === 'string' && text.trim().length > 0) texts.add(text.trim());
    } catch {
      // A broken source must not stop the report.
    }
  }
  // Longest first, so a name that contains another is replaced whole.
  return [...texts].sort((a, b) => b.length - a.length);
}

/** Attribute values in a selector (`[attr="value"]`, `[attr='value']`, `[attr=value]`) become [Filtered]. */
export function scrubSelector(text: string): string {
  return text.replace(/\[([\w:-]+)(\s*[~|^$*]?=\s*)("[^"]*"|'[^']*'|[^\]\s]*)\]/g, (whole, name: string, op: string) =>
    SAFE_ATTRIBUTES.has(name.toLowerCase()) ? whole : `[${name}${op}"${FILTERED}"]`,
  );
}

const patterns = new Map<string, RegExp>();
/** `user` as a whole word: a playlist named "a" must not turn "audio" into "[Filtered]udio". */
const wholeWord = (user: string): RegExp => {
  let pattern = patterns.get(user);
  if (!pattern) {
    // Names come and go as playlists are edited: the cache stays small.
    if (patterns.size > 200) patterns.clear();
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${user.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'gu');
    patterns.set(user, pattern);
  }
  return pattern;
};

export function scrubText(text: string, texts: readonly string[] = userTexts()): string {
  let out = text;
  for (const user of texts) if (out.includes(user)) out = out.replace(wholeWord(user), FILTERED);
  return out;
}

/** Code locations (file names, function names, source lines), not user text: left as they are. */
const CODE_KEYS = new Set(['stacktrace']);

/** Every string inside `value` (objects and arrays walked, cycles left alone) with user text removed. */
export function scrubDeep<T>(value: T, texts: readonly string[] = userTexts(), seen = new WeakSet<object>()): T {
  if (typeof value === 'string') return scrubText(value, texts) as T;
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = scrubDeep(value[i] as unknown, texts, seen);
    return value;
  }
  for (const key of Object.keys(value)) {
    if (CODE_KEYS.has(key)) continue;
    const record = value as Record<string, unknown>;
    record[key] = scrubDeep(record[key], texts, seen);
  }
  return value;
}

interface BreadcrumbLike {
  category?: string;
  message?: string;
  data?: Record<string, unknown>;
}

/** A breadcrumb as it may be sent: selectors without attribute values, no user text anywhere. */
export function scrubBreadcrumb<T extends BreadcrumbLike>(breadcrumb: T): T {
  const texts = userTexts();
  if (breadcrumb.category?.startsWith('ui.') && typeof breadcrumb.message === 'string') breadcrumb.message = scrubSelector(breadcrumb.message);
  // Console breadcrumbs carry the logged objects too; the message says enough.
  if (breadcrumb.category === 'console' && breadcrumb.data) delete breadcrumb.data.arguments;
  return scrubDeep(breadcrumb, texts);
}

interface EventLike {
  breadcrumbs?: BreadcrumbLike[];
}

/** The whole event: its breadcrumbs as above, and user text removed from every string. */
export function scrubEvent<T extends EventLike>(event: T): T {
  if (Array.isArray(event.breadcrumbs)) event.breadcrumbs = event.breadcrumbs.map((breadcrumb) => scrubBreadcrumb(breadcrumb));
  return scrubDeep(event, userTexts());
}
