import { describe, expect, it, vi } from 'vitest';
import { createPlaylistStore, deletePlaylist, dismissRecoveredNotice, movePlaylist, savePlaylist, setActivePlaylistState } from '../../../src/stores/playlist-store';
import { addDraftItem, moveDraftItem, parseDuration, validateDraft } from '../../../src/stores/playlist-draft';
import { loadPlaylists } from '../../../src/stores/playlist-storage';

const KEY = 'soundscapePlaylists';
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;

describe('playlist store: saving', () => {
  it('an edited playing playlist keeps pointing at the playing sound when items move, and clamps when it is removed', () => {
    const store = createPlaylistStore([]);
    const saved = savePlaylist({ name: 'Night', description: '', items: [{ index: 0, duration: 1 }, { index: 2, duration: 1 }, { index: 3, duration: 1 }] }, null, store);
    if (!saved.ok) throw new Error('not saved');
    setActivePlaylistState({ playlistId: saved.id, index: 1, problem: null, endsAt: null, remainingMs: 60_000 }, store); // Rain plays
    savePlaylist({ name: 'Night', description: '', items: [{ index: 2, duration: 1 }, { index: 3, duration: 1 }, { index: 0, duration: 1 }] }, saved.id, store);
    expect(store.active?.index).toBe(0);
    savePlaylist({ name: 'Night', description: '', items: [{ index: 3, duration: 1 }] }, saved.id, store);
    expect(store.active?.index).toBe(0);
    expect(store.active?.playlistId).toBe(saved.id);
  });

  it('defaults to an empty list without keeping anything aside', () => {
    expect(loadPlaylists()).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('validates in SPEC order: name, then items, then durations', () => {
    expect(validateDraft({ name: '   ', description: '', items: [] })).toBe('name');
    expect(validateDraft({ name: 'Night', description: '', items: [] })).toBe('items');
    expect(validateDraft({ name: 'Night', description: '', items: [{ index: 0, duration: 0 }] })).toBe('duration');
    expect(validateDraft({ name: 'Night', description: '', items: [{ index: 0, duration: 1.5 }] })).toBe('duration');
    expect(validateDraft({ name: 'Night', description: '', items: [{ index: 0, duration: 1 }, { index: 0, duration: 2 }] })).toBe('duplicate');
    expect(validateDraft({ name: 'Night', description: '', items: [{ index: 0, duration: 1 }] })).toBeNull();
  });

  it('saves, edits, reorders and deletes, writing the documented shape each time', () => {
    const store = createPlaylistStore([]);
    const first = savePlaylist({ name: '  Night  ', description: 'calm', items: [{ index: 2, duration: 5 }] }, null, store);
    const second = savePlaylist({ name: 'Focus', description: '', items: [{ index: 13, duration: 1 }] }, null, store);
    if (!first.ok || !second.ok) throw new Error('expected saves to succeed');
    expect(stored()).toEqual([
      { id: first.id, name: 'Night', description: 'calm', items: [{ index: 2, duration: 5 }] },
      { id: second.id, name: 'Focus', description: '', items: [{ index: 13, duration: 1 }] },
    ]);
    savePlaylist({ name: 'Night 2', description: '', items: [{ index: 2, duration: 7 }, { index: 0, duration: 1 }] }, first.id, store);
    expect(store.playlists[0]?.name).toBe('Night 2');
    movePlaylist(second.id, -1, store);
    expect(store.playlists.map((p) => p.name)).toEqual(['Focus', 'Night 2']);
    movePlaylist(second.id, -1, store);
    expect(store.playlists.map((p) => p.name)).toEqual(['Focus', 'Night 2']);
    deletePlaylist(second.id, store);
    expect((stored() as unknown[]).length).toBe(1);
    expect(loadPlaylists()[0]?.items).toEqual([{ index: 2, duration: 7 }, { index: 0, duration: 1 }]);
  });

  it('refuses an invalid draft without touching storage', () => {
    const store = createPlaylistStore([]);
    expect(savePlaylist({ name: 'x', description: '', items: [] }, null, store)).toEqual({ ok: false, problem: 'items' });
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('playlist store: editor helpers', () => {
  it('adds a soundscape with the default 5 minutes, never twice', () => {
    const once = addDraftItem([], 3);
    expect(once).toEqual([{ index: 3, duration: 5 }]);
    expect(addDraftItem(once, 3)).toEqual(once);
  });

  it('reads non-numeric durations as 0', () => {
    expect(parseDuration('abc')).toBe(0);
    expect(parseDuration('')).toBe(0);
    expect(parseDuration(' 12 ')).toBe(12);
  });

  it('moves draft items within bounds', () => {
    expect(moveDraftItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveDraftItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('playlist store: reading older and foreign shapes', () => {
  it('converts soundscapeIndex, strings for numbers and a missing duration without keeping anything aside', () => {
    localStorage.setItem(KEY, JSON.stringify([{ name: 'Old', items: [{ soundscapeIndex: '4', duration: '10' }, { index: 1 }, 7] }]));
    const [playlist] = loadPlaylists();
    expect(playlist?.name).toBe('Old');
    expect(playlist?.description).toBe('');
    expect(playlist?.id).toMatch(/^pl-/);
    expect(playlist?.items).toEqual([{ index: 4, duration: 10 }, { index: 1, duration: 5 }, { index: 7, duration: 5 }]);
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBeNull();
  });

  it('keeps readable playlists and keeps the original aside when something had to be dropped', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const raw = JSON.stringify([{ name: 'Good', items: [{ index: 0, duration: 3 }, { index: 0, duration: 4 }, { what: 1 }] }, 'junk', { items: [] }, { name: 'Zero', items: [{ index: 2, duration: 0 }] }]);
    localStorage.setItem(KEY, raw);
    const playlists = loadPlaylists();
    expect(playlists.map((p) => p.name)).toEqual(['Good', 'Zero']);
    expect(playlists[0]?.items).toEqual([{ index: 0, duration: 3 }]);
    expect(playlists[1]?.items).toEqual([{ index: 2, duration: 1 }]);
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe(raw);
    expect(localStorage.getItem(KEY)).toBe(raw);
    expect(warn).toHaveBeenCalled();
  });

  it('keeps the original aside when fields it does not know (or a wrapper) would be dropped on the next save', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const raw = JSON.stringify({ version: 2, playlists: [{ id: 'a', name: 'Night', createdAt: '2025-01-01', items: [{ index: 2, duration: 3, volume: 0.5 }] }] });
    localStorage.setItem(KEY, raw);
    expect(loadPlaylists()).toEqual([{ id: 'a', name: 'Night', description: '', items: [{ index: 2, duration: 3 }] }]);
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe(raw);
  });

  it('the store flags a recovery for the user only when something had to be kept aside', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(KEY, JSON.stringify([{ id: 'a', name: 'Fine', description: '', items: [{ index: 1, duration: 2 }] }]));
    expect(createPlaylistStore().recovered).toBe(false);
    localStorage.setItem(KEY, '{not json');
    expect(createPlaylistStore().recovered).toBe(true);
    localStorage.setItem(KEY, JSON.stringify([{ name: 'Half', items: [{ index: 1 }, { what: 1 }] }]));
    const store = createPlaylistStore();
    expect(store.recovered).toBe(true);
    expect(store.playlists.map((p) => p.name)).toEqual(['Half']);
    dismissRecoveredNotice(store);
    expect(store.recovered).toBe(false);
  });

  it('keeps a soundscape index the catalogue does not have, so playback can skip it', () => {
    localStorage.setItem(KEY, JSON.stringify([{ id: 'a', name: 'Future', description: 'd', items: [{ index: 99, duration: 2 }] }]));
    expect(loadPlaylists()).toEqual([{ id: 'a', name: 'Future', description: 'd', items: [{ index: 99, duration: 2 }] }]);
  });

  it.each([['{not json'], ['"text"'], ['null'], ['{"a":1}']])('falls back to an empty list for %s and keeps it aside', (raw) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(KEY, raw);
    expect(loadPlaylists()).toEqual([]);
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe(raw);
  });
});

describe('playlist store: several tabs', () => {
  const draft = (name: string, index = 2) => ({ name, description: '', items: [{ index, duration: 5 }] });

  it('a save in one tab keeps a playlist another tab saved meanwhile (re-read, change one, write)', () => {
    const tabA = createPlaylistStore(undefined, { followOtherTabs: false });
    const tabB = createPlaylistStore(undefined, { followOtherTabs: false });
    expect(savePlaylist(draft('Night'), null, tabA).ok).toBe(true);
    // Tab B never saw "Night" (no storage event here): its save must not erase it.
    expect(savePlaylist(draft('Day', 3), null, tabB).ok).toBe(true);
    expect((stored() as { name: string }[]).map((p) => p.name)).toEqual(['Night', 'Day']);
    expect(tabB.playlists.map((p) => p.name)).toEqual(['Night', 'Day']);
  });

  it('concurrent edits of different playlists both survive, and a delete or move keeps the other tab\'s edit', () => {
    const tabA = createPlaylistStore(undefined, { followOtherTabs: false });
    const night = savePlaylist(draft('Night'), null, tabA);
    const day = savePlaylist(draft('Day', 3), null, tabA);
    if (!night.ok || !day.ok) throw new Error('not saved');
    const tabB = createPlaylistStore(undefined, { followOtherTabs: false });
    savePlaylist(draft('Night, edited in A', 4), night.id, tabA);
    savePlaylist(draft('Day, edited in B', 5), day.id, tabB);
    expect((stored() as { name: string }[]).map((p) => p.name)).toEqual(['Night, edited in A', 'Day, edited in B']);
    savePlaylist(draft('Evening'), null, tabA);
    movePlaylist(day.id, -1, tabB);
    expect((stored() as { name: string }[]).map((p) => p.name)).toEqual(['Day, edited in B', 'Night, edited in A', 'Evening']);
    deletePlaylist(night.id, tabB);
    expect((stored() as { name: string }[]).map((p) => p.name)).toEqual(['Day, edited in B', 'Evening']);
  });

  it('a storage event from another tab shows its change live', () => {
    const store = createPlaylistStore();
    localStorage.setItem(KEY, JSON.stringify([{ id: 'x', name: 'From the other tab', description: '', items: [{ index: 1, duration: 2 }] }]));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(store.playlists.map((p) => p.name)).toEqual(['From the other tab']);
  });

  it('playlists stored without ids get the same ids on every read, so an edit replaces rather than duplicates', () => {
    localStorage.setItem(KEY, JSON.stringify([{ name: 'Old', items: [1] }]));
    const store = createPlaylistStore(undefined, { followOtherTabs: false });
    const id = store.playlists[0]?.id ?? '';
    expect(savePlaylist(draft('Old, renamed'), id, store).ok).toBe(true);
    expect((stored() as { name: string }[]).map((p) => p.name)).toEqual(['Old, renamed']);
  });
});

describe('playlist store: a write that fails', () => {
  const full = () =>
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });

  it('save, delete and move report the failure and change nothing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createPlaylistStore([]);
    const first = savePlaylist({ name: 'Night', description: '', items: [{ index: 2, duration: 5 }] }, null, store);
    const second = savePlaylist({ name: 'Day', description: '', items: [{ index: 3, duration: 5 }] }, null, store);
    if (!first.ok || !second.ok) throw new Error('not saved');
    const before = localStorage.getItem(KEY);
    full();
    expect(savePlaylist({ name: 'Evening', description: '', items: [{ index: 4, duration: 5 }] }, null, store)).toMatchObject({ ok: false, problem: 'storage' });
    expect(savePlaylist({ name: 'Night 2', description: '', items: [{ index: 4, duration: 5 }] }, first.id, store)).toMatchObject({ ok: false, problem: 'storage' });
    expect(deletePlaylist(first.id, store)).toMatchObject({ ok: false, problem: 'storage' });
    expect(movePlaylist(second.id, -1, store)).toMatchObject({ ok: false, problem: 'storage' });
    expect(store.playlists.map((p) => p.name)).toEqual(['Night', 'Day']);
    expect(localStorage.getItem(KEY)).toBe(before);
  });
});

describe('playlist store: bounds and large lists', () => {
  it('durations run from 1 minute to 24 hours; a stored 35,792 minutes is clamped and the original kept aside', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(validateDraft({ name: 'Long', description: '', items: [{ index: 0, duration: 1440 }] })).toBeNull();
    expect(validateDraft({ name: 'Long', description: '', items: [{ index: 0, duration: 1441 }] })).toBe('duration');
    expect(validateDraft({ name: 'Long', description: '', items: [{ index: 0, duration: 35_792 }] })).toBe('duration');
    const raw = JSON.stringify([{ id: 'a', name: 'Night', description: '', items: [{ index: 0, duration: 35_792 }] }]);
    localStorage.setItem(KEY, raw);
    expect(loadPlaylists()[0]?.items).toEqual([{ index: 0, duration: 1440 }]);
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe(raw);
  });

  it('reads a stored list of 200,000 items (duplicates included) in well under two seconds', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Bare indexes (a shape the reader accepts) keep the list within jsdom's 5 MB quota.
    const items = Array.from({ length: 200_000 }, (_, i) => i % 100_000);
    localStorage.setItem(KEY, JSON.stringify([{ id: 'big', name: 'Big', description: '', items }]));
    const started = performance.now();
    const [playlist] = loadPlaylists();
    const elapsed = performance.now() - started;
    expect(playlist?.items).toHaveLength(100_000);
    // The quadratic scan (5e9 comparisons) took tens of seconds for this list; a set takes milliseconds.
    expect(elapsed).toBeLessThan(2000);
  });

  it('bounds the copies kept aside: a value that keeps going bad fills at most three slots', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let n = 0; n < 10; n++) {
      localStorage.setItem(KEY, `{broken ${n}`);
      loadPlaylists();
    }
    const kept = Object.keys(localStorage).filter((key) => key.startsWith(`${KEY}.corrupt`));
    expect(kept.sort()).toEqual([`${KEY}.corrupt`, `${KEY}.corrupt.2`, `${KEY}.corrupt.3`]);
    // The first (oldest) copies stay.
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe('{broken 0');
    expect(localStorage.getItem(`${KEY}.corrupt.2`)).toBe('{broken 1');
  });
});

describe('playlist store: editing the playing playlist', () => {
  it('removing the playing item (B of A, B, C) highlights nothing and points at C as next', () => {
    const store = createPlaylistStore([]);
    const saved = savePlaylist({ name: 'Night', description: '', items: [{ index: 0, duration: 1 }, { index: 2, duration: 1 }, { index: 3, duration: 1 }] }, null, store);
    if (!saved.ok) throw new Error('not saved');
    setActivePlaylistState({ playlistId: saved.id, index: 1, sound: 2, problem: null, endsAt: null, remainingMs: 60_000 }, store);
    savePlaylist({ name: 'Night', description: '', items: [{ index: 0, duration: 1 }, { index: 3, duration: 1 }] }, saved.id, store);
    expect(store.active).toMatchObject({ index: 1, removed: true, sound: 2 });
    // Putting it back finds it again.
    savePlaylist({ name: 'Night', description: '', items: [{ index: 2, duration: 1 }, { index: 0, duration: 1 }, { index: 3, duration: 1 }] }, saved.id, store);
    expect(store.active).toMatchObject({ index: 0, removed: false });
  });
});

describe('start-up', () => {
  it('importing the store reads and follows nothing; startPlaylistStore loads the stored playlists and follows other tabs', async () => {
    const stored = [{ id: 'a', name: 'Night', description: '', items: [{ index: 0, duration: 5 }] }];
    localStorage.setItem('soundscapePlaylists', JSON.stringify(stored));
    vi.resetModules();
    const fresh = await import('../../../src/stores/playlist-store');
    // Prerendering and the first render see no playlists until the app starts.
    expect(fresh.playlistStore.playlists).toEqual([]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'soundscapePlaylists', storageArea: localStorage }));
    expect(fresh.playlistStore.playlists).toEqual([]);

    fresh.startPlaylistStore();
    expect(fresh.playlistStore.playlists.map((p) => p.name)).toEqual(['Night']);
    localStorage.setItem('soundscapePlaylists', JSON.stringify([...stored, { id: 'b', name: 'Day', description: '', items: [{ index: 1, duration: 5 }] }]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'soundscapePlaylists', storageArea: localStorage }));
    expect(fresh.playlistStore.playlists.map((p) => p.name)).toEqual(['Night', 'Day']);
    localStorage.removeItem('soundscapePlaylists');
  });
});
