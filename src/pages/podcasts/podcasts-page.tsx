import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isRecord, readJson, STORAGE_KEYS } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';

/** podcastData: an array of objects with a feedUrl. Entries without a string feedUrl are skipped. */
export function readPodcastFeedUrls(): string[] {
  const data = readJson<unknown[]>(STORAGE_KEYS.podcastData, (value) => (Array.isArray(value) ? value : undefined), []);
  return data.flatMap((item) => (isRecord(item) && typeof item.feedUrl === 'string' ? [item.feedUrl] : []));
}

export default function PodcastsPage() {
  const [storedFeedUrls] = useState(readPodcastFeedUrls);
  // Read from this device: shown once hydrated, the prerendered page has none.
  const feedUrls = useHydrated() ? storedFeedUrls : [];
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">Podcasts are being discontinued</Typography>
      <Alert severity="info">
        Podcasts are being discontinued. Your saved podcast feeds are listed below so you can add them to a podcast app of your choice.
      </Alert>
      {feedUrls.length > 0 ? (
        <TextField
          label="Your saved podcast feed URLs"
          multiline
          minRows={Math.min(feedUrls.length, 8)}
          value={feedUrls.join('\n')}
          slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'podcast-feeds', spellCheck: false } }}
          fullWidth
        />
      ) : (
        <Typography>You have no saved podcast feeds.</Typography>
      )}
    </Stack>
  );
}
