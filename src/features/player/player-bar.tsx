import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import { useDeferredValue, useEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { soundscapes } from '../../catalogue/catalogue';
import { layout, playerBarPlaceSx } from '../../lib/layout';
import { strings } from '../../lib/strings';
import { layerName } from '../../stores/mix-layers';
import { mixStore } from '../../stores/mix-store';
import { noiseStore } from '../../stores/noise-store';
import { ownTrack } from '../../stores/own-track';
import { playerStore, playNext, playPrevious, togglePlayback } from '../../stores/player-store';
import { stopNoise } from '../../engine/noise/noise-engine';
import { toggleOwnTrack } from '../../engine/own-sound/own-track';
import { useSpaceShortcut } from './use-space-shortcut';

type Control = 'toggle' | 'previous' | 'next';

/**
 * The controls give way to the spinner while a track loads, which would drop keyboard focus to
 * the page; put it back on the same control when they return, and only then (issue 21: a restore
 * after the listener clicked the page put Space on Previous).
 */
function useRestoredFocus(status: string) {
  const focused = useRef<Control | null>(null);
  const elements = useRef<Partial<Record<Control, HTMLButtonElement | null>>>({});
  useEffect(() => {
    // A press anywhere else is the listener moving on, even if a late restore would land after it.
    const forget = (event: PointerEvent) => {
      const inside = Object.values(elements.current).some((element) => element && event.target instanceof Node && element.contains(event.target));
      if (!inside) focused.current = null;
    };
    document.addEventListener('pointerdown', forget, true);
    return () => document.removeEventListener('pointerdown', forget, true);
  }, []);
  useEffect(() => {
    if (status === 'loading' || !focused.current) return;
    const active = document.activeElement;
    if (active === null || active === document.body) elements.current[focused.current]?.focus();
  }, [status]);
  return (control: Control) => ({
    ref: (element: HTMLButtonElement | null) => {
      elements.current[control] = element;
    },
    onFocus: () => {
      focused.current = control;
    },
    onBlur: (event: FocusEvent<HTMLButtonElement>) => {
      if (event.relatedTarget) focused.current = null;
      // Focus left for the page (a click on it) while the control stays: the listener moved on, so
      // nothing is restored. A control swapped for the spinner is gone by then, and comes back focused.
      const left = event.currentTarget;
      setTimeout(() => {
        if (left.isConnected && focused.current === control) focused.current = null;
      });
    },
  });
}

const barSx = {
  ...playerBarPlaceSx,
  height: layout.playerBarHeightPx,
  display: 'flex',
  alignItems: 'center',
  gap: 0.5,
  px: 1,
  borderRadius: `${layout.playerBarHeightPx / 2}px`,
} as const;

/**
 * While the bar shows, a control scrolled into view (by Tab, or by the browser for any reason)
 * stops above it, not under it (issue 39; WCAG 2.4.11, focus not obscured). The page's end has
 * its own room for the bar (the app layout's bottom padding).
 */
const keepScrolledIntoViewAboveBar = (
  <GlobalStyles styles={{ html: { scrollPaddingBottom: `${layout.playerBarBottomPx + layout.playerBarHeightPx + layout.focusClearancePx}px` } }} />
);

/** Why it stopped when the listener did not stop it (issue 40), read out as it appears. */
const stoppedLine = (reason: string) => (
  <Typography noWrap variant="caption" component="p" role="status" color="warning.main" title={reason} data-testid="player-stopped-reason" sx={{ lineHeight: 1.2 }}>
    {reason}
  </Typography>
);

/**
 * SPEC 2: floating at bottom centre, 58px high, hidden while no track is selected (a catalogue track, or a
 * listener's own sound as the track). The layers show under the title; `mixControls` (the app shell passes the mix
 * feature's button) sits at the end.
 */
export function PlayerBar({ mixControls }: { mixControls?: ReactNode }) {
  useSpaceShortcut();
  const player = useSnapshot(playerStore);
  const mix = useSnapshot(mixStore);
  const noise = useSnapshot(noiseStore);
  const own = useSnapshot(ownTrack);
  const restoreFocus = useRestoredFocus(player.status);
  const active = player.status !== 'idle' && player.currentIndex !== null;
  // The bar appears in a pass after the tap's own task (it goes at once): its first mount is the
  // heaviest part of a first tap's render, and the track element starts fetching only after that task.
  const shown = useDeferredValue(active) && active;
  const layersLine = mix.layers.length > 0 && (
    <Typography noWrap variant="caption" component="p" color="text.secondary" data-testid="player-layers" data-sounds={mix.layers.map((layer) => layer.sound).join(' ')} sx={{ lineHeight: 1.2 }}>
      {strings.mixLayersShown(mix.layers.map((layer) => layerName(layer.sound)))}
    </Typography>
  );
  if (own.id !== null) {
    // A listener's own sound as the track (issue 41): its name, Play/Pause, the layers under it; no previous or next.
    return (
      <Paper component="section" aria-label={strings.playerLabel} data-testid="player-bar" data-status={own.playing ? 'playing' : 'paused'} data-own={own.id} elevation={6} sx={barSx}>
        {keepScrolledIntoViewAboveBar}
        <IconButton onClick={toggleOwnTrack} aria-label={own.playing ? strings.pause : strings.play} color="primary" size="large">
          {own.playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap data-testid="player-title" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            <span aria-hidden="true">{own.emoji} </span>
            {own.name}
          </Typography>
          {own.stoppedReason ? stoppedLine(own.stoppedReason) : layersLine}
        </Box>
        {mixControls}
      </Paper>
    );
  }
  if (!shown || player.currentIndex === null) {
    // A noise playing on its own keeps playing across pages (issue 13): the bar shows it, with its Pause.
    if (noise.colour === null || noise.status === 'stopped') return null;
    return (
      <Paper component="section" aria-label={strings.playerLabel} data-testid="player-bar" data-status="noise" data-noise={noise.colour} elevation={6} sx={barSx}>
        {keepScrolledIntoViewAboveBar}
        <IconButton onClick={stopNoise} aria-label={strings.pause} color="primary" size="large">
          <PauseIcon />
        </IconButton>
        <Typography noWrap data-testid="player-title" sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
          {strings.noiseColourName(noise.colour)}
        </Typography>
        {mixControls}
      </Paper>
    );
  }
  const sound = soundscapes[player.currentIndex];
  const title = sound?.name;

  return (
    <Paper
      component="section"
      aria-label={strings.playerLabel}
      data-testid="player-bar"
      data-status={player.status}
      elevation={6}
      sx={barSx}
    >
      {keepScrolledIntoViewAboveBar}
      {player.status === 'loading' ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1, minWidth: 0 }}>
          <CircularProgress size={24} aria-hidden="true" data-testid="player-spinner" />
          <Typography noWrap data-testid="player-title">{title ?? strings.loadingAudio}</Typography>
        </Box>
      ) : (
        <>
          <IconButton {...restoreFocus('toggle')} onClick={() => togglePlayback()} aria-label={player.status === 'playing' ? strings.pause : strings.play} color="primary" size="large">
            {player.status === 'playing' ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography noWrap data-testid="player-title" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {sound && <span aria-hidden="true">{sound.emoji} </span>}
              {title}
            </Typography>
            {player.status === 'paused' && player.stoppedReason ? stoppedLine(player.stoppedReason) : layersLine}
          </Box>
          <IconButton {...restoreFocus('previous')} onClick={() => playPrevious()} aria-label={strings.previousTrack}>
            <SkipPreviousIcon />
          </IconButton>
          <IconButton {...restoreFocus('next')} onClick={() => playNext()} aria-label={strings.nextTrack}>
            <SkipNextIcon />
          </IconButton>
          {mixControls}
        </>
      )}
    </Paper>
  );
}
