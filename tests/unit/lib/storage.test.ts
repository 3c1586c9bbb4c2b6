import { describe, expect, it, vi } from 'vitest';
import { readJson, readRaw, writeJson, writeRaw } from '../../../src/lib/storage';

const isNumberList = (v: unknown) => (Array.isArray(v) && v.every((n) => typeof n === 'number') ? (v as number[]) : undefined);

describe('safe storage', () => {
  it('returns the default when the key is absent, without keeping anything aside', () => {
    expect(readJson('k', isNumberList, [])).toEqual([]);
    expect(localStorage.length).toBe(0);
  });

  it('reads a valid value', () => {
    localStorage.setItem('k', '[1,2]');
    expect(readJson('k', isNumberList, [])).toEqual([1, 2]);
  });

  it.each([['{not json'], ['"text"'], ['[1,"x"]'], ['null']])('keeps %s aside under <key>.corrupt and warns, naming the key', (raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('k', raw);
    expect(readJson('k', isNumberList, [7])).toEqual([7]);
    expect(localStorage.getItem('k.corrupt')).toBe(raw);
    expect(localStorage.getItem('k')).toBe(raw);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"k"'));
  });

  it('never overwrites an earlier corrupt copy', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('k', 'first');
    readJson('k', isNumberList, []);
    localStorage.setItem('k', 'second');
    readJson('k', isNumberList, []);
    expect(localStorage.getItem('k.corrupt')).toBe('first');
    expect(localStorage.getItem('k.corrupt.2')).toBe('second');
  });

  it('reads raw values through a validator', () => {
    localStorage.setItem('flag', '0');
    expect(readRaw('flag', (r) => (r === '1' ? true : r === '0' ? false : undefined), true)).toBe(false);
  });

  it('reports a full storage instead of throwing', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const result = writeJson('k', [1]);
    expect(result.ok).toBe(false);
    setItem.mockRestore();
  });

  it('when storage is too full to keep a copy aside, the unreadable original is never overwritten', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('full', '{broken');
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key.includes('.corrupt')) throw new DOMException('quota', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    expect(readJson('full', isNumberList, [])).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('too full'));
    expect(writeRaw('full', '[1]')).toMatchObject({ ok: false });
    expect(localStorage.getItem('full')).toBe('{broken');
    // Other keys are written as usual.
    expect(writeRaw('other', '[1]')).toEqual({ ok: true });
  });
});
