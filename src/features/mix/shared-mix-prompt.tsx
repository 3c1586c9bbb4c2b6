import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/vanilla/utils';
import { mediaSlug } from '../../catalogue/entries';
import { prepareLayers } from '../../engine/layers/prepare-layers';
import { ownSoundStrings } from '../../lib/own-sound-strings';
import { strings } from '../../lib/strings';
import { isNoiseColour } from '../../stores/noise-store';
import { offerSound } from '../../stores/offer-store';
import { offlineStore } from '../../stores/offline-store';
import { playableSoundscapes, playerStore } from '../../stores/player-store';
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
  ...(mix.senderOwnTrack ? { senderOwnTrack: true } : {}),
});

/** The longest the link stays in the address after Play when its track never reports playing. */
const FORGET_AFTER_MS = 3000;
/**
 * How long the address keeps the link once the track has left 'loading': the navigation that drops it
 * renders the whole page, and at that moment (the track's 'canplay') the element's own start of the
 * sound is still on its way: that render delayed the mix's first sound (bench/mix.bench.ts).
 */
const FORGET_SETTLE_MS = 1000;

/** Runs `forget` a moment after the track has left 'loading' (playing, or failed), or at once when the mix has no track. */
function onceTrackStarted(hasTrack: boolean, forget: () => void) {
  if (!hasTrack || playerStore.status !== 'loading') return forget();
  const stop = subscribeKey(playerStore, 'status', (status) => {
    if (status === 'loading') return;
    stop();
    clearTimeout(timer);
    timer = setTimeout(forget, FORGET_SETTLE_MS);
  });
  let timer = setTimeout(() => {
    stop();
    forget();
  }, FORGET_AFTER_MS);
}

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
  const [played, setPlayed] = useState(false);
  const layers = decoded.kind === 'mix' ? decoded.mix.layers : [];
  const noise = layers.some((layer) => isNoiseColour(layer.sound));
  const soundscape = layers.some((layer) => !isNoiseColour(layer.sound));
  useEffect(() => {
    if (noise || soundscape) prepareLayers({ noise, soundscape });
  }, [noise, soundscape]);
  const plan = decoded.kind === 'mix' ? planMix(mixOfLink(decoded.mix), appPlaces(offline)) : undefined;
  // While the card shows, its track is offered: the engine reads it and decodes its first window before the tap.
  const offered = played ? undefined : plan?.trackIndex;
  useEffect(() => {
    if (offered === undefined) return;
    offerSound(offered);
    return () => offerSound(null);
  }, [offered]);
  if (decoded.kind === 'none' || played) return null;

  const forget = () => {
    // Only from the link's own address: a listener who went elsewhere since the tap stays there.
    if (window.location.pathname === location.pathname && window.location.search === location.search) navigate({ pathname: location.pathname, search: '' }, { replace: true });
  };
  const notice =
    decoded.ignored.length > 0 && noticeOpen ? (
      <Alert severity="warning" data-testid="mix-link-notice" onClose={() => setNoticeOpen(false)} slotProps={{ closeButton: { 'aria-label': strings.dismiss } }}>
        {decoded.kind === 'invalid' ? strings.mixLinkInvalid : strings.mixLinkIgnored}
      </Alert>
    ) : null;
  if (decoded.kind === 'invalid' || !plan) return notice;

  const { mix } = decoded;
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
        {mix.senderOwn !== undefined && (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="shared-mix-sender-own">{ownSoundStrings.senderOwn(mix.senderOwn)}</Alert>
        )}
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
              const started = playMix(mixOfLink(mix));
              // The card goes at once; the address only once the track plays: a navigation renders the
              // whole page, work that would otherwise come before the mix's first sound (bench/mix.bench.ts).
              setPlayed(true);
              onceTrackStarted(started.trackIndex !== undefined, forget);
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
