import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { LazyTooltip as Tooltip } from '../../lib/lazy-tooltip';
import Typography from '@mui/material/Typography';
import EqualizerIcon from '@mui/icons-material/GraphicEq';
import PauseIcon from '@mui/icons-material/Pause';
import { memo, useDeferredValue } from 'react';
import { useSnapshot } from 'valtio';
import { soundscapes, soundscapesByName, type Soundscape } from '../../catalogue/catalogue';
import { mediaSlug } from '../../catalogue/entries';
import { strings } from '../../lib/strings';
import { mixStore } from '../../stores/mix-store';
import { playableSoundscapes, playerStore, playSound, type PlayerStatus } from '../../stores/player-store';
import { useHydrated } from '../../lib/use-hydrated';
import { FIRST_TAP, onReversedHost, whileTapTaken } from '../../lib/first-paint';

export interface SoundGridProps {
  /**
   * Why a sound cannot play right now (e.g. offline and not cached), or undefined when it can.
   * A sound with a reason is disabled and shows the reason as its tooltip. It stays focusable
   * (aria-disabled, not disabled), so keyboard and screen-reader users reach the reason too.
   */
  unavailableReason?: (sound: Soundscape) => string | undefined;
}

/** A tap the first-paint script took before React answered looks pressed at once, as the app's own loading state does. */
/** One load for every press: each import() of its own resolved out of order (vite's preload), so two quick presses swapped the layers. */
let mixActions: Promise<typeof import('../../stores/mix-actions')> | undefined;
const loadMixActions = () => (mixActions ??= import('../../stores/mix-actions').catch((error: unknown) => ((mixActions = undefined), Promise.reject(error))));

const tapTakenSx = { [whileTapTaken]: { bgcolor: 'primary.main', borderColor: 'primary.main', color: 'primary.contrastText' } } as const;

/** Looks disabled like MUI's own disabled buttons, while staying focusable. */
const unavailableSx = { color: 'text.disabled', borderColor: 'action.disabledBackground', cursor: 'not-allowed' } as const;

type ButtonState = 'stopped' | Exclude<PlayerStatus, 'idle'>;

function StateMark({ state }: { state: ButtonState }) {
  if (state === 'stopped') return null;
  const icon =
    state === 'loading' ? <CircularProgress size={14} aria-hidden="true" /> : state === 'playing' ? <EqualizerIcon fontSize="small" aria-hidden="true" /> : <PauseIcon fontSize="small" aria-hidden="true" />;
  const label = state === 'loading' ? strings.loading : state === 'playing' ? strings.playing : strings.paused;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: '0.75rem', fontWeight: 600 }}>
      {icon}
      {label}
    </Box>
  );
}

// The prerendered grid lists all 24: on the reversed host CSS hides those without a reversed file
// from the first paint (the first-paint script marks <html>), as the hydrated list then leaves them out.
const hiddenOnReversedHost = { [onReversedHost]: { display: 'none' } } as const;

interface SoundCardProps {
  sound: Soundscape;
  state: ButtonState;
  /** Why it cannot play now (see SoundGridProps), or undefined. */
  reason: string | undefined;
  /** Under another track: whether this soundscape is a layer of the mix (undefined: no layer action). */
  layered: boolean | undefined;
}

/** Issue 23's secondary action: this soundscape under the current track, or out again; the card's own tap is untouched. */
function LayerToggle({ sound, layered }: { sound: Soundscape; layered: boolean }) {
  return (
    <Button
      size="small"
      variant={layered ? 'contained' : 'outlined'}
      aria-pressed={layered}
      aria-label={layered ? strings.removeLayerUnder(sound.name) : strings.addLayerUnder(sound.name)}
      data-testid="card-layer"
      // The actions load with the first use (the first load's budget); the track already runs the context.
      onClick={() => void loadMixActions().then(({ toggleLayer }) => toggleLayer(mediaSlug(sound.name)))}
      sx={{ minWidth: 40, p: 0, fontSize: '1.2rem' }}
    >
      {layered ? '−' : '+'}
    </Button>
  );
}

/**
 * One sound's button. Memoised on its own state: a tap changes the player store, and only the
 * cards whose state changed render again (not all 24 MUI buttons in the tap's own task, which
 * at 4x CPU delays the element's first fetch).
 */
const SoundCard = memo(function SoundCard({ sound, state, reason, layered }: SoundCardProps) {
  const unavailable = reason !== undefined;
  const button = (
    <Button
      fullWidth
      variant={state === 'stopped' ? 'outlined' : 'contained'}
      aria-pressed={state === 'playing' || state === 'loading'}
      aria-disabled={unavailable || undefined}
      data-sound-index={sound.index}
      data-state={state}
      {...{ [FIRST_TAP.intent]: `sound:${sound.index}` }}
      onClick={() => {
        if (!unavailable) playSound(sound.index);
      }}
      sx={{ minHeight: 72, flexDirection: 'column', gap: 0.25, textTransform: 'none', ...tapTakenSx, ...(unavailable ? unavailableSx : {}) }}
    >
      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="span" aria-hidden="true" sx={{ fontSize: '1.4rem', lineHeight: 1 }}>{sound.emoji}</Typography>
        <Typography component="span" sx={{ fontWeight: 600 }}>{sound.name}</Typography>
      </Box>
      <StateMark state={state} />
    </Button>
  );
  return (
    <Box component="li" sx={{ display: 'flex', gap: 0.5, ...(sound.reversedURL ? undefined : hiddenOnReversedHost) }}>
      {reason === undefined ? button : (
        <Tooltip title={reason} describeChild>
          {button}
        </Tooltip>
      )}
      {layered !== undefined && <LayerToggle sound={sound} layered={layered} />}
    </Box>
  );
});

/** SPEC 2, '/': one button per sound (emoji plus name), alphabetical; tap plays, tap again pauses. */
export function SoundGrid({ unavailableReason }: SoundGridProps) {
  const player = useSnapshot(playerStore);
  const mix = useSnapshot(mixStore);
  // The layer actions (22 buttons that appear with a first track) render after the tap's own answer, in a render that
  // yields: mounted in the tap's task they delayed the first sound's decode and scheduling by ~60 ms at 4× CPU.
  const track = useDeferredValue(player.status !== 'idle' ? player.currentIndex : null);
  // The prerendered grid lists all 24; the reversed host's shorter list applies once hydrated.
  const hydrated = useHydrated();
  const sounds = soundscapesByName(hydrated ? playableSoundscapes(playerStore) : soundscapes);

  return (
    <Box component="ul" data-testid="sound-grid" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))' }}>
      {sounds.map((sound) => (
        <SoundCard
          key={sound.index}
          sound={sound}
          state={sound.index === player.currentIndex && player.status !== 'idle' ? player.status : 'stopped'}
          reason={hydrated ? unavailableReason?.(sound) : undefined}
          // A soundscape (not a song) goes under another track: the action shows only then.
          layered={track === null || track === sound.index || sound.kind === 'lofi' ? undefined : mix.layers.some((layer) => layer.sound === mediaSlug(sound.name))}
        />
      ))}
    </Box>
  );
}
