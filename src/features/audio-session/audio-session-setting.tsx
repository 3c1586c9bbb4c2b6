import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useSnapshot } from 'valtio';
import { hasAudioSession } from '../../engine/web-audio';
import { strings } from '../../lib/strings';
import { useHydrated } from '../../lib/use-hydrated';
import { audioSessionStore, chooseAudioSessionType, parseAudioSessionType } from '../../stores/audio-session-store';

/**
 * Settings (issue 40): how Lull shares the sound with other apps, where the browser lets a page
 * choose (`navigator.audioSession`, iOS 16.4+). Elsewhere, and in the prerendered page, nothing shows.
 */
export function AudioSessionSetting() {
  const session = useSnapshot(audioSessionStore);
  const hydrated = useHydrated();
  if (!hydrated || !hasAudioSession()) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="audio-session-heading" data-testid="audio-session-setting">
      <Typography variant="h2" component="h2" id="audio-session-heading" gutterBottom>{strings.audioSessionHeading}</Typography>
      <RadioGroup
        aria-labelledby="audio-session-heading"
        aria-describedby="audio-session-hint"
        name="audio-session"
        value={session.type}
        onChange={(event) => {
          const type = parseAudioSessionType(event.target.value);
          if (type) chooseAudioSessionType(type);
        }}
      >
        <FormControlLabel value="playback" control={<Radio />} label={strings.audioSessionPlayback} />
        <FormControlLabel value="ambient" control={<Radio />} label={strings.audioSessionAmbient} />
      </RadioGroup>
      <Typography id="audio-session-hint" color="text.secondary" sx={{ mt: 1 }}>{strings.audioSessionHint}</Typography>
    </Paper>
  );
}
