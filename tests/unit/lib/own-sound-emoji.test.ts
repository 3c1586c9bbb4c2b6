// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { OWN_SOUND_EMOJI, ownSoundEmoji } from '../../../src/lib/own-sound-strings';

describe('a sound of your own, its emoji', () => {
  it('is the one stored when it is on the list', () => {
    for (const [emoji] of OWN_SOUND_EMOJI) expect(ownSoundEmoji(emoji)).toBe(emoji);
  });

  it('is the first when none was chosen, or storage holds something else', () => {
    const first = OWN_SOUND_EMOJI[0]![0];
    for (const foreign of [undefined, null, '', '<img src=x>', '💣', 7, { emoji: '🌀' }, '🌀🌀']) expect(ownSoundEmoji(foreign)).toBe(first);
  });

  it('names every emoji once', () => {
    expect(new Set(OWN_SOUND_EMOJI.map(([emoji]) => emoji)).size).toBe(OWN_SOUND_EMOJI.length);
    expect(new Set(OWN_SOUND_EMOJI.map(([, name]) => name)).size).toBe(OWN_SOUND_EMOJI.length);
  });
});
