import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { strings } from '../../lib/strings';
import { SavedMixesList } from './saved-mixes-list';

/** The home page's Saved mixes (shown once the device holds one): play, rename, delete. */
export function SavedMixesSection() {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="saved-mixes-section">
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {strings.savedMixes}
      </Typography>
      <SavedMixesList labelledBy={headingId} />
    </Box>
  );
}
