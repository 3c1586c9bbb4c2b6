import Box from '@mui/material/Box';
import { memo, useDeferredValue } from 'react';
import { useSnapshot } from 'valtio';
import { cardCoverUrl, soundscapes, soundscapesByName, type Soundscape } from '../../catalogue/catalogue';
import { mediaSlug } from '../../catalogue/entries';
import { mixStore } from '../../stores/mix-store';
import { playableSoundscapes, playerStore, playSound } from '../../stores/player-store';
import { useHydrated } from '../../lib/use-hydrated';
import { FIRST_TAP, onReversedHost } from '../../lib/first-paint';
import { SoundCard, type CardState } from './sound-card';
import type { CardMix } from './card-mix-controls';

export interface SoundGridProps {
  /**
   * Why a sound cannot play right now (e.g. offline and not cached), or undefined when it can.
   * A sound with a reason is disabled and shows the reason as its tooltip. It stays focusable
   * (aria-disabled, not disabled), so keyboard and screen-reader users reach the reason too.
   */
  unavailableReason?: (sound: Soundscape) => string | undefined;
}

// The prerendered grid lists all 24: on the reversed host CSS hides those without a reversed file
// from the first paint (the first-paint script marks <html>), as the hydrated list then leaves them out.
const hiddenOnReversedHost = { [onReversedHost]: { display: 'none' } } as const;

/** The first row (two on a phone, more on a desktop) loads at once; the rest when scrolled near (the images' budget, issue 39). */
const EAGER_COVERS = 4;

/** The cards' grid, shared with the noise cards: columns from 9.5 rem, so 200 % text gets wider cards, not clipped names. */
export const cardGridSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(9.5rem, 100%), 1fr))' } as const;

/** What the first-paint script needs to play a sound's file before the app has started (a song on the tap's element). */
const firstTapFile = (sound: Soundscape) => ({
  [FIRST_TAP.src]: sound.url,
  ...(sound.reversedURL ? { [FIRST_TAP.reversedSrc]: sound.reversedURL } : {}),
  ...(sound.volume !== 1 ? { [FIRST_TAP.level]: sound.volume } : {}),
  ...(sound.kind === 'lofi' ? { [FIRST_TAP.song]: '' } : {}),
});

interface SoundscapeCardProps {
  sound: Soundscape;
  state: CardState;
  sounding: boolean;
  reason: string | undefined;
  mix: CardMix | undefined;
  eager: boolean;
}

/**
 * One soundscape's card. Memoised on its own state: a tap changes the player store, and only the
 * cards whose state changed render again (not all 24 in the tap's own task, which at 4x CPU
 * delays the first sound).
 */
const SoundscapeCard = memo(function SoundscapeCard({ sound, state, sounding, reason, mix, eager }: SoundscapeCardProps) {
  return (
    <SoundCard
      name={sound.name}
      emoji={sound.emoji}
      cover={{ src: cardCoverUrl(sound), eager }}
      state={state}
      sounding={sounding}
      reason={reason}
      onPlay={() => playSound(sound.index)}
      mix={mix}
      buttonProps={{ 'data-sound-index': sound.index, [FIRST_TAP.intent]: `sound:${sound.index}`, ...firstTapFile(sound) }}
      itemSx={sound.reversedURL ? undefined : hiddenOnReversedHost}
    />
  );
}, (before, after) => before.sound === after.sound && before.state === after.state && before.sounding === after.sounding && before.reason === after.reason && before.eager === after.eager && before.mix?.role === after.mix?.role);

/** What the mix shows on a soundscape's card while `track` plays (null: nothing plays). */
function soundscapeMix(sound: Soundscape, track: number | null, layers: readonly { sound: string }[]): CardMix | undefined {
  if (track === null) return undefined;
  if (track === sound.index) return { role: 'track', name: sound.name };
  // Songs are not layers: only soundscapes go under another track.
  if (sound.kind === 'lofi') return undefined;
  const slug = mediaSlug(sound.name);
  return { role: layers.some((layer) => layer.sound === slug) ? 'layer' : 'add', sound: slug, name: sound.name };
}

/** SPEC 2, '/': one button per sound (emoji plus name), alphabetical; tap plays, tap again pauses. */
export function SoundGrid({ unavailableReason }: SoundGridProps) {
  const player = useSnapshot(playerStore);
  const mix = useSnapshot(mixStore);
  // The mix controls (22 corner buttons that appear with a first track) render after the tap's own answer, in a render that
  // yields: mounted in the tap's task they delayed the first sound's decode and scheduling by ~60 ms at 4× CPU.
  const track = useDeferredValue(player.status !== 'idle' ? player.currentIndex : null);
  // The prerendered grid lists all 24; the reversed host's shorter list applies once hydrated.
  const hydrated = useHydrated();
  const sounds = soundscapesByName(hydrated ? playableSoundscapes(playerStore) : soundscapes);

  return (
    <Box component="ul" data-testid="sound-grid" sx={cardGridSx}>
      {sounds.map((sound, position) => {
        const cardMix = soundscapeMix(sound, track, mix.layers);
        const state = sound.index === player.currentIndex && player.status !== 'idle' ? player.status : 'stopped';
        return (
          <SoundscapeCard
            key={sound.index}
            sound={sound}
            state={state}
            sounding={player.status === 'playing' && (state === 'playing' || cardMix?.role === 'layer')}
            reason={hydrated ? unavailableReason?.(sound) : undefined}
            mix={cardMix}
            eager={position < EAGER_COVERS}
          />
        );
      })}
    </Box>
  );
}
