import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnapshot } from 'valtio';
import { hasAudioSession } from '../../engine/audio-session';
import { strings } from '../../lib/strings';
import { useHydrated } from '../../lib/use-hydrated';
import { audioSessionStore, chooseAudioSessionType, type AudioSessionType } from '../../stores/audio-session-store';

const choices: readonly { type: AudioSessionType; label: string }[] = [
  { type: 'playback', label: strings.audioSessionPlayback },
  { type: 'ambient', label: strings.audioSessionAmbient },
];

/**
 * Settings (issue 40): how Lull shares the sound with other apps, where the browser lets a page
 * choose (`navigator.audioSession`, iOS 16.4+). Elsewhere, and in the prerendered page, nothing shows.
 * Native radio buttons (arrow keys move the choice): MUI's Radio would split shared chunks of the
 * home page's first load apart (the budget, issue 24).
 */
export function AudioSessionSetting() {
  const session = useSnapshot(audioSessionStore);
  const hydrated = useHydrated();
  if (!hydrated || !hasAudioSession()) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="audio-session-heading" data-testid="audio-session-setting">
      <Typography variant="h2" component="h2" id="audio-session-heading" gutterBottom>{strings.audioSessionHeading}</Typography>
      <Box role="radiogroup" aria-labelledby="audio-session-heading">
        {choices.map(({ type, label }) => (
          <Box component="label" key={type} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 44, cursor: 'pointer' }}>
            <Box
              component="input"
              type="radio"
              name="audio-session"
              value={type}
              checked={session.type === type}
              onChange={() => chooseAudioSessionType(type)}
              sx={{ width: 20, height: 20, m: 0, flexShrink: 0, accentColor: (theme) => theme.palette.primary.main }}
            />
            <Typography component="span">{label}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
