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
import { strings } from '../../lib/strings';
import { offlineStore } from '../../stores/offline-store';
import { playableSoundscapes } from '../../stores/player-store';
import { decodeMixLink, type SharedMix } from './mix-link';
import { mixPartLabel, mixPartName } from './mix-names';
import { appPlaces, canPlayPlan, planMix, playMix } from './play-mix';

const percent = (level: number) => Math.round(level * 100);

/** A link's mix in the store's terms: a link without a volume leaves the listener's own. */
export const mixOfLink = (mix: SharedMix) => ({
  sound: mix.soundSlug,
  layers: mix.layers,
  ...(mix.masterVolume === null ? {} : { volume: mix.masterVolume }),
  ...(mix.alive === undefined ? {} : { alive: mix.alive }),
  ...(mix.seed === undefined ? {} : { seed: mix.seed }),
});

/**
 * A mix link ('/?mix=2&…', or a version 1 link) opened: a card with 'Play this mix' (one tap sets
 * the levels and starts it), or a short notice when parts of the link could not be used. Nothing
 * from the link is rendered as it came: names come from the catalogue and the string table.
 */
export function SharedMixPrompt() {
  const location = useLocation();
  const navigate = useNavigate();
  const offline = useSnapshot(offlineStore);
  const decoded = useMemo(() => {
    const tracks = playableSoundscapes();
    const slugs = (list: readonly { name: string }[]) => new Set(list.map((sound) => mediaSlug(sound.name)));
    return decodeMixLink(location.search, { tracks: slugs(tracks), layers: slugs(tracks.filter((sound) => sound.kind !== 'lofi')) });
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
  const plan = planMix(mixOfLink(mix), appPlaces(offline));
  const missing = plan.unavailable.map(mixPartName);

  return (
    <Stack spacing={1}>
      {notice}
      <Paper variant="outlined" component="section" aria-labelledby="shared-mix-heading" data-testid="shared-mix" sx={{ p: 2, borderColor: 'primary.main' }}>
        <Typography variant="h2" component="h2" id="shared-mix-heading" gutterBottom>{strings.sharedMixHeading}</Typography>
        <Stack component="ul" spacing={0.25} sx={{ m: 0, mb: 1.5, pl: 2.5 }}>
          {mix.soundSlug !== null && <Typography component="li" data-testid="shared-mix-sound">{strings.sharedMixSound(mixPartLabel(mix.soundSlug))}</Typography>}
          {mix.layers.map((layer) => (
            <Typography component="li" key={layer.sound} data-testid="shared-mix-layer">{strings.sharedMixLayer(mixPartName(layer.sound), percent(layer.level))}</Typography>
          ))}
          <Typography component="li">{mix.masterVolume === null ? strings.sharedMixKeepsVolume : strings.sharedMixVolume(percent(mix.masterVolume))}</Typography>
        </Stack>
        {missing.length > 0 && (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="shared-mix-unavailable">
            {offline.online ? strings.mixPartsNotHere(missing) : strings.sharedMixUnavailable(missing)}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{strings.sharedMixIntro}</Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            disabled={!canPlayPlan(plan)}
            // Its track's stream starts at the press, as a sound card's does (engine/player/press-prefetch.ts).
            data-sound-index={plan.trackIndex}
            onClick={() => {
              playMix(mixOfLink(mix));
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
