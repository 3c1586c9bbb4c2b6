import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import LinkIcon from '@mui/icons-material/Link';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { mixStore } from '../../stores/mix-store';
import { noiseStore } from '../../stores/noise-store';
import { ownTrack } from '../../stores/own-track';
import { playerStore } from '../../stores/player-store';
import { currentSharedMix } from './current-mix';
import { mixLink } from './mix-link';

/** The old way, for browsers without the async clipboard (or that refuse it, e.g. outside https). */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the selection route below.
  }
  return copyWithSelection(text);
}

const appRoot = () => new URL(import.meta.env.BASE_URL, location.origin).href;

/** 'Copy link' for the current mix; a snackbar confirms, or shows the link to copy by hand. */
export function CopyMixLinkButton() {
  const player = useSnapshot(playerStore);
  const noise = useSnapshot(noiseStore);
  const mix = useSnapshot(mixStore);
  const own = useSnapshot(ownTrack);
  const [result, setResult] = useState<{ link: string; copied: boolean } | null>(null);
  const shared = currentSharedMix(player, noise, mix, own);
  if (!shared) return null;

  const copy = async () => {
    const link = mixLink(appRoot(), shared);
    setResult({ link, copied: await copyText(link) });
  };

  return (
    <>
      <Button variant="outlined" size="small" startIcon={<LinkIcon />} onClick={() => void copy()} title={strings.copyMixLinkHint} data-testid="copy-mix-link" sx={{ alignSelf: 'flex-start' }}>
        {strings.copyMixLink}
      </Button>
      <Snackbar
        open={result !== null}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setResult(null);
        }}
        autoHideDuration={result?.copied ? 4000 : null}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ content: { 'data-testid': 'mix-link-snackbar' } as object }}
        message={
          result?.copied ? (
            strings.mixLinkCopied
          ) : (
            <Box sx={{ display: 'grid', gap: 1, minWidth: 260 }}>
              {strings.mixLinkCopyManually}
              <TextField
                size="small"
                value={result?.link ?? ''}
                label={strings.mixLinkField}
                slotProps={{ htmlInput: { readOnly: true, onFocus: (event: { target: HTMLInputElement }) => event.target.select() } }}
              />
            </Box>
          )
        }
        action={
          result?.copied ? undefined : (
            <Button color="inherit" size="small" onClick={() => setResult(null)}>
              {strings.close}
            </Button>
          )
        }
      />
    </>
  );
}
