import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { setSleepFade, startSleepTimer } from '../../engine/sleep-timer';
import { playerBarPlaceSx } from '../../lib/layout';
import { ownSoundStrings } from '../../lib/own-sound-strings';
import { strings } from '../../lib/strings';
import { readLastMix, type LastMix } from '../../stores/last-mix';
import { noiseStore } from '../../stores/noise-store';
import { offlineStore } from '../../stores/offline-store';
import { playerStore } from '../../stores/player-store';
import { ownSoundNames } from '../../stores/own-layers';
import { ownTrack } from '../../stores/own-track';
import { mixPartName } from './mix-names';
import { appPlaces, canPlayPlan, planMix, playMix } from './play-mix';

let storedAtLoad: { mix: LastMix | undefined } | undefined;

/** Read once per visit (an unreadable value is kept aside by lib/storage, and nothing is offered). */
const lastMixAtLoad = (): LastMix | undefined => (storedAtLoad ??= { mix: readLastMix() }).mix;

/**
 * Plays the last mix, inside the tap (browsers start sound only in a gesture): the track, its layers
 * and levels, Alive and its seed, the master volume, and a sleep timer whose deadline is still ahead
 * (one that has passed is not restored).
 */
export function continueLastMix(mix: LastMix, now: number = Date.now()): void {
  playMix({ sound: mix.sound, layers: mix.layers, alive: mix.alive, seed: mix.seed, volume: mix.volume });
  if (!mix.timer || mix.timer.endsAt <= now) return;
  setSleepFade(mix.timer.fadeMinutes);
  startSleepTimer((mix.timer.endsAt - now) / 60_000);
}

/**
 * Where the player bar will be, over the page: the offer comes after hydration and goes with the first sound, and in
 * the page's flow it pushed the sound grid down under a finger already on its way (a tap on Rain played Forest, the
 * engines suite in Firefox, 2026-11-28). Fixed, it moves nothing; the player bar then takes its place.
 */
const offerSx = { ...playerBarPlaceSx, p: 1.5 } as const;

/** What played last on this device, offered with one tap (never played by itself) until this visit plays something. */
export function ContinueOffer() {
  const player = useSnapshot(playerStore);
  const noise = useSnapshot(noiseStore);
  const offline = useSnapshot(offlineStore);
  useSnapshot(ownSoundNames);
  const own = useSnapshot(ownTrack);
  const [mix] = useState(lastMixAtLoad);
  const [dismissed, setDismissed] = useState(false);
  if (!mix || dismissed || player.currentIndex !== null || noise.colour !== null || own.id !== null) return null;
  const plan = planMix(mix, appPlaces(offline));
  const [first, ...rest] = [mix.sound, ...mix.layers.map((layer) => layer.sound)].flatMap((slug) => (slug === null ? [] : [mixPartName(slug)]));
  const missing = plan.unavailable.map(mixPartName);
  const gone = plan.notOnDevice.map(mixPartName);
  return (
    <Paper elevation={6} sx={offerSx} data-testid="continue-offer">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" startIcon={<PlayArrowIcon />} disabled={!canPlayPlan(plan)} onClick={() => continueLastMix(mix)} sx={{ overflowWrap: 'anywhere' }}>
          {strings.continueMix(strings.mixName(first ?? '', rest))}
        </Button>
        <Button onClick={() => setDismissed(true)}>{strings.dismiss}</Button>
      </Stack>
      {missing.length > 0 && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }} data-testid="continue-offer-missing">
          {offline.online ? strings.mixPartsNotHere(missing) : strings.savedMixNotOffline(missing)}
        </Typography>
      )}
      {gone.length > 0 && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }} data-testid="continue-offer-gone">{ownSoundStrings.notHere(gone)}</Typography>
      )}
    </Paper>
  );
}
