import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { mixStore } from '../../stores/mix-store';
import { noiseStore } from '../../stores/noise-store';
import { ownTrack } from '../../stores/own-track';
import { playerStore } from '../../stores/player-store';
import { saveMix } from '../../stores/saved-mix-store';
import { currentSharedMix } from './current-mix';
import { MixNameDialog } from './mix-name-dialog';
import { mixLayerName } from './mix-names';
import { SavedMixesList } from './saved-mixes-list';

/** In the mix panel: Save mix (the track, its layers, alive and seed; never the master volume) and the saved mixes. */
export function MixLibrary() {
  const player = useSnapshot(playerStore);
  const noise = useSnapshot(noiseStore);
  const mix = useSnapshot(mixStore);
  const own = useSnapshot(ownTrack);
  const headingId = useId();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const shared = currentSharedMix(player, noise, mix, own);
  const suggested = shared ? [...(shared.soundSlug ? [{ sound: shared.soundSlug, name: shared.soundName }] : []), ...shared.layers].map(mixLayerName).join(' + ') : '';
  return (
    <Stack spacing={1} data-testid="mix-library">
      {shared && (
        <Button variant="outlined" size="small" startIcon={<SaveIcon />} aria-haspopup="dialog" onClick={() => setSaving(true)} sx={{ alignSelf: 'flex-start' }}>
          {strings.saveMix}
        </Button>
      )}
      <Typography role="status" variant="body2" color="text.secondary" data-testid="mix-saved">{saved ? strings.mixSaved(saved) : ''}</Typography>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>{strings.savedMixes}</Typography>
      <Stack sx={{ maxHeight: '40vh', overflowY: 'auto' }}>
        <SavedMixesList labelledBy={headingId} />
      </Stack>
      {saving && shared && (
        <MixNameDialog
          title={strings.saveMixTitle}
          initialName={suggested}
          onSubmit={(name) => {
            const track = shared.soundName === undefined ? {} : { soundName: shared.soundName };
            const result = saveMix(name, { sound: shared.soundSlug, ...track, layers: shared.layers, alive: shared.alive ?? true, seed: shared.seed ?? mix.seed });
            if (result.ok) setSaved(name.trim());
            return result;
          }}
          onClose={() => setSaving(false)}
        />
      )}
    </Stack>
  );
}
