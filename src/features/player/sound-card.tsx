import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import EqualizerIcon from '@mui/icons-material/GraphicEq';
import PauseIcon from '@mui/icons-material/Pause';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LazyTooltip as Tooltip } from '../../lib/lazy-tooltip';
import { strings } from '../../lib/strings';
import { whileTapTaken } from '../../lib/first-paint';
import type { CardMix } from './card-mix-controls';
import { COVER_ASPECT } from './card-layout';

/**
 * A sound's card on the home page (issue 39): its cover, emoji and name as one button (the
 * card's tap), and while something plays, the mix on the card itself: a corner button that adds the
 * sound under the current track, and across the cover's top the level and the way out. The mix
 * controls sit over the cover, never beside the name, so nothing squeezes it; the card keeps its
 * height whatever plays, so no tap lands on a card that moved.
 */

export type CardState = 'stopped' | 'loading' | 'playing' | 'paused';

// Loaded with the first track (sliders and the layer actions are not on the first screen: the first load's budget).
// Offline before its chunk was ever fetched (no service worker yet), the card shows no level: the page must not fail.
const CardMixControls = lazy<ComponentType<CardMix>>(() => import('./card-mix-controls').then((module) => ({ default: module.CardMixControls }), () => ({ default: () => null })));


/**
 * Something to look at (issue 39, item 4): the cover of every sound heard now breathes, slowly
 * and by opacity alone (drawn by the compositor: no layout, nothing on the audio path), and not at
 * all for a listener who asked for less motion. A paused sound's cover is still.
 */
const breathe = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.72 } });
const breathingSx = { '@media (prefers-reduced-motion: no-preference)': { '& [data-cover]': { animation: `${breathe} 7s ease-in-out infinite` } } } as const;

const tapTakenSx = { [whileTapTaken]: { borderColor: 'primary.main', boxShadow: (theme: { palette: { primary: { main: string } } }) => `inset 0 0 0 2px ${theme.palette.primary.main}` } } as const;

function StateMark({ state }: { state: CardState }) {
  if (state === 'stopped') return null;
  const icon =
    state === 'loading' ? <CircularProgress size={14} color="inherit" aria-hidden="true" /> : state === 'playing' ? <EqualizerIcon fontSize="small" aria-hidden="true" /> : <PauseIcon fontSize="small" aria-hidden="true" />;
  const label = state === 'loading' ? strings.loading : state === 'playing' ? strings.playing : strings.paused;
  return (
    // Over the cover's foot (a box of the cover's shape): the level bar, when there is one, is at its top.
    <Box component="span" sx={{ position: 'absolute', top: 0, left: 0, right: 0, aspectRatio: COVER_ASPECT, pointerEvents: 'none' }}>
    <Box
      component="span"
      data-testid="card-state"
      sx={{ position: 'absolute', bottom: 8, left: 8, display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, borderRadius: 999, fontSize: '0.75rem', fontWeight: 600, bgcolor: 'primary.main', color: 'primary.contrastText', maxWidth: 'calc(100% - 16px)' }}
    >
      {icon}
      {label}
    </Box>
    </Box>
  );
}

export interface SoundCardProps {
  /** The card's name, shown in full under the cover (it wraps rather than clip). */
  name: string;
  emoji: string;
  /** The cover: an image URL (the studio's PNG), or a CSS background (the noises have no file). */
  cover: { src: string; eager: boolean } | { background: string };
  state: CardState;
  /** Its sound is heard now (the playing track, a noise alone, or a layer under a playing track): its cover breathes. */
  sounding: boolean;
  /** Why it cannot play now (a tooltip; the card stays focusable), or undefined. */
  reason: string | undefined;
  onPlay: () => void;
  /** What the mix shows on this card, or undefined while nothing plays under which it could go. */
  mix: CardMix | undefined;
  /** Attributes for the card's button (data-sound-index, the first tap's intent, ...). */
  buttonProps: Record<string, string | number | boolean | undefined>;
  /** sx for the list item (the reversed host hides some from the first paint). */
  itemSx?: object;
}

const coverSx = { display: 'block', width: '100%', height: 'auto', aspectRatio: COVER_ASPECT, objectFit: 'cover' } as const;

function Cover({ cover }: { cover: SoundCardProps['cover'] }): ReactNode {
  if ('src' in cover) {
    // Explicit size (no shift while it loads); the first rows load at once, the rest when near.
    return <Box component="img" data-cover="" src={cover.src} alt="" width={256} height={170} loading={cover.eager ? 'eager' : 'lazy'} decoding="async" sx={coverSx} />;
  }
  return <Box component="span" data-cover="" aria-hidden="true" sx={{ ...coverSx, background: cover.background }} />;
}

export function SoundCard({ name, emoji, cover, state, sounding, reason, onPlay, mix, buttonProps, itemSx }: SoundCardProps) {
  const unavailable = reason !== undefined;
  // A layer is part of what plays, as the track is: both cards are marked.
  const active = state !== 'stopped' || mix?.role === 'layer';
  const button = (
    <ButtonBase
      focusRipple
      aria-pressed={state === 'playing' || state === 'loading'}
      aria-disabled={unavailable || undefined}
      data-state={state}
      {...buttonProps}
      onClick={() => {
        if (!unavailable) onPlay();
      }}
      sx={{
        position: 'relative',
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        justifyContent: 'flex-start',
        textAlign: 'center',
        borderRadius: 'inherit',
        border: 1,
        borderColor: active ? 'primary.main' : 'divider',
        boxShadow: active ? (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` : 'none',
        overflow: 'hidden',
        color: unavailable ? 'text.disabled' : 'text.primary',
        cursor: unavailable ? 'not-allowed' : 'pointer',
        '&:hover': { borderColor: unavailable ? 'divider' : 'primary.main' },
        '& [data-cover]': unavailable ? { opacity: 0.45, filter: 'grayscale(1)' } : {},
        ...(sounding ? breathingSx : {}),
        ...tapTakenSx,
      }}
    >
      <Cover cover={cover} />
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', columnGap: 0.75, minHeight: 48, px: 1, py: 0.75, flex: 1 }}>
        <Typography component="span" aria-hidden="true" sx={{ fontSize: '1.3rem', lineHeight: 1.2 }}>{emoji}</Typography>
        <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>{name}</Typography>
      </Box>
      {/* After the name in the document (the button's name reads 'Rain Playing'), drawn over the cover. */}
      <StateMark state={state} />
    </ButtonBase>
  );
  return (
    <Box component="li" sx={{ position: 'relative', borderRadius: '14px', bgcolor: 'background.paper', ...itemSx }}>
      {reason === undefined ? button : (
        <Tooltip title={reason} describeChild>
          {button}
        </Tooltip>
      )}
      {mix && (
        <Suspense fallback={null}>
          <CardMixControls {...mix} />
        </Suspense>
      )}
    </Box>
  );
}
