import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** A saved copy as the browser stores it in lull-audio / audio-data, summarised in the page (not its megabytes). */
export interface SavedAudioRecord {
  keys: string[];
  soundscapeId: number;
  dataUrlStart: string;
  dataUrlLength: number;
  /** Size of the file the data URL encodes. */
  fileBytes: number;
  originalUrl: string;
  savedAt: string;
}

/**
 * Every saved copy, read straight from IndexedDB (the offline, loop-seam and mix specs and the
 * loop bench use it); [] before the cache was created, and never creating it.
 */
export const savedAudioRecords = (page: Page): Promise<SavedAudioRecord[]> =>
  page.evaluate(async () => {
    // Read only: opened without a version, a database that does not exist yet would be created empty at v1, and
    // the cache worker's first open would find it without its store. So the upgrade is aborted: nothing saved yet.
    const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
      let missing = false;
      const request = indexedDB.open('lull-audio');
      request.onupgradeneeded = () => {
        missing = true;
        request.transaction?.abort();
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = (event) => {
        event.preventDefault();
        if (missing) resolve(null);
        else reject(request.error);
      };
    });
    if (!db) return [];
    try {
      if (!db.objectStoreNames.contains('audio-data')) return [];
      const values = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = db.transaction('audio-data').objectStore('audio-data').getAll();
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
        request.onerror = () => reject(request.error);
      });
      return values.map((value) => {
        const dataUrl = String(value.dataUrl);
        const payload = dataUrl.slice(dataUrl.indexOf(',') + 1);
        const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
        return {
          keys: Object.keys(value).sort(),
          soundscapeId: value.soundscapeId as number,
          dataUrlStart: dataUrl.slice(0, 40),
          dataUrlLength: dataUrl.length,
          fileBytes: (payload.length * 3) / 4 - padding,
          originalUrl: String(value.originalUrl),
          savedAt: String(value.savedAt),
        };
      });
    } finally {
      db.close();
    }
  });

/** The saved copy of one sound, or null. */
export const savedAudioRecord = async (page: Page, soundscapeId: number): Promise<SavedAudioRecord | null> =>
  (await savedAudioRecords(page)).find((record) => record.soundscapeId === soundscapeId) ?? null;

/** Whether `file` (e.g. 'ocean.mp3') is saved; media URLs carry their content version (?v=<hash>). */
export const isFileSaved = async (page: Page, file: string): Promise<boolean> =>
  (await savedAudioRecords(page)).some((record) => record.originalUrl.split('?')[0] === `/media/${file}`);

/** The URL the app requests for a media file: its path with the content hash of the built file (vite.config.ts). */
export const mediaUrl = (file: string): string => {
  const bytes = readFileSync(new URL(`../../dist/media/${file}`, import.meta.url));
  return `/media/${file}?v=${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`;
};

/** Writes a saved copy as the cache worker, another tab or an older version of Lull would have. */
export const putRecord = (page: Page, record: { soundscapeId: number; dataUrl: string; originalUrl: string; savedAt: string }) =>
  page.evaluate(async (value) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('lull-audio', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('audio-data', { keyPath: 'soundscapeId' }).createIndex('originalUrl', 'originalUrl');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('audio-data', 'readwrite');
      tx.objectStore('audio-data').put(value);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, record);

/** A data URL of a real file served by the app. */
export const dataUrlOf = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const blob = await (await fetch(url)).blob();
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsDataURL(blob);
    });
  }, path);
