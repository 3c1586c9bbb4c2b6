/**
 * The one reader and writer for localStorage. Bad input loses nothing: a value that is not
 * valid JSON or has the wrong shape yields the default, the original is kept aside under
 * '<key>.corrupt', and a console warning names the key.
 */
export declare const STORAGE_KEYS: {
    readonly sidebarOpen: "sidebarOpen";
    readonly podcastData: "podcastData";
    readonly soundscapePlaylists: "soundscapePlaylists";
    readonly listeningPreferences: "listeningPreferences";
};
/** Returns the parsed value, or undefined when the shape is wrong. */
export type Validate<T> = (value: unknown) => T | undefined;
/** Keep an unreadable value aside instead of destroying it. */
export declare function keepAside(key: string, raw: string): void;
/** Read a raw string value; `validate` decides whether it is usable. */
export declare function readRaw<T>(key: string, validate: (raw: string) => T | undefined, fallback: T): T;
/** Read a JSON value through a shape check. */
export declare function readJson<T>(key: string, validate: Validate<T>, fallback: T): T;
export type WriteResult = {
    ok: true;
} | {
    ok: false;
    error: unknown;
};
export declare function writeRaw(key: string, value: string): WriteResult;
export declare function writeJson(key: string, value: unknown): WriteResult;
export declare const isRecord: (value: unknown) => value is Record<string, unknown>;
