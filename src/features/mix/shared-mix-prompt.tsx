import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { mediaSlug } from '../../catalogue/entries';
import { playNoise } from '../../engine/noise/noise-engine';
import { strings } from '../../lib/strings';
import { mixStore, setMasterVolume } from '../../stores/mix-store';
import { applyMix, setBedLevel } from '../../stores/mix-actions';
import { isSoundAvailable, offlineStore } from '../../stores/offline-store';
import { playableSoundscapes, playerStore, playSound, resumePlayback } from '../../stores/player-store';
import { decodeMixLink, type SharedMix } from './mix-link';

const percent = (level: number) => Math.round(level * 100);

/** Start a shared mix. Runs inside the tap: browsers start sound only in a gesture. */
function playSharedMix(mix: SharedMix, soundIndex: number | undefined): void {
  if (soundIndex !== undefined) {
    const layers = mix.noise ? [{ sound: mix.noise, level: mix.noiseLevel ?? mixStore.bedLevels[mix.noise] }] : [];
    applyMix({ sound: mix.soundSlug, layers, volume: mix.masterVolume });
    // playSound on the current track would toggle it: a mix asks for it to play.
    if (playerStore.currentIndex === soundIndex && playerStore.status !== 'idle') resumePlayback();
    else playSound(soundIndex);
  } else if (mix.noise) {
    setMasterVolume(mix.masterVolume);
    if (mix.noiseLevel !== null) setBedLevel(mix.noise, mix.noiseLevel);
    playNoise(mix.noise);
  }
}

/**
 * A mix link ('/?mix=1&…') opened: a card with 'Play this mix' (one tap sets the levels and starts
 * it), or a short notice when parts of the link could not be used. Nothing from the link is
 * rendered as it came: names come from the catalogue and the string table.
 */
export function SharedMixPrompt() {
  const location = useLocation();
  const navigate = useNavigate();
  const offline = useSnapshot(offlineStore);
  const decoded = useMemo(() => {
    const sounds = playableSoundscapes();
    return decodeMixLink(location.search, new Set(sounds.map((sound) => mediaSlug(sound.name))));
  }, [location.search]);
  const [noticeOpen, setNoticeOpen] = useState(true);
  if (decoded.kind === 'none') return null;

  const forget = () => navigate({ pathname: location.pathname, search: '' }, { replace: true });
  const notice =
    decoded.ignored.length > 0 && noticeOpen ? (
      <Alert severity="warning" data-testid="mix-link-notice" onClose={() => setNoticeOpen(false)} slotProps={{ closeButton: { 'aria-label': strings.dismiss } }}>
        {decoded.kind === 'invalid' ? strings.mixLinkInvalid : strings.mixLinkIgnored}
      </Alert>
    ) : null;
  if (decoded.kind === 'invalid') return notice;

  const { mix } = decoded;
  const sound = mix.soundSlug === null ? undefined : playableSoundscapes().find((entry) => mediaSlug(entry.name) === mix.soundSlug);
  const soundAvailable = sound ? isSoundAvailable(offline, sound.index) : false;
  // Offline without a saved copy the sound cannot play; a noise still can.
  const playable = soundAvailable || mix.noise !== null;

  return (
    <Stack spacing={1}>
      {notice}
      <Paper variant="outlined" component="section" aria-labelledby="shared-mix-heading" data-testid="shared-mix" sx={{ p: 2, borderColor: 'primary.main' }}>
        <Typography variant="h2" component="h2" id="shared-mix-heading" gutterBottom>{strings.sharedMixHeading}</Typography>
        <Stack component="ul" spacing={0.25} sx={{ m: 0, mb: 1.5, pl: 2.5 }}>
          {sound && <Typography component="li" data-testid="shared-mix-sound">{strings.sharedMixSound(`${sound.emoji} ${sound.name}`)}</Typography>}
          {mix.noise && <Typography component="li" data-testid="shared-mix-noise">{strings.sharedMixNoise(strings.noiseColourName(mix.noise), mix.noiseLevel === null ? null : percent(mix.noiseLevel))}</Typography>}
          <Typography component="li">{strings.sharedMixVolume(percent(mix.masterVolume))}</Typography>
        </Stack>
        {sound && !soundAvailable && <Alert severity="info" sx={{ mb: 1.5 }} data-testid="shared-mix-unavailable">{strings.sharedMixUnavailable(sound.name)}</Alert>}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{strings.sharedMixIntro}</Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            disabled={!playable}
            onClick={() => {
              playSharedMix(sound && soundAvailable ? mix : { ...mix, soundSlug: null }, sound && soundAvailable ? sound.index : undefined);
              forget();
            }}
          >
            {strings.playThisMix}
          </Button>
          <Button onClick={forget}>{strings.dismiss}</Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
