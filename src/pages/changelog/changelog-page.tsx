import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatChangelogDate, sortedChangelog } from './changelog-entries';

export default function ChangelogPage() {
  return (
    <Stack spacing={3} divider={<Divider flexItem />} sx={{ maxWidth: 760 }}>
      {sortedChangelog().map((entry) => (
        <Box component="article" key={`${entry.date}-${entry.title}`} aria-labelledby={`entry-${entry.date}`}>
          <Typography component="time" dateTime={entry.date} color="text.secondary" data-testid="changelog-date">
            {formatChangelogDate(entry.date)}
          </Typography>
          <Typography variant="h2" component="h2" id={`entry-${entry.date}`} sx={{ mb: 1 }}>{entry.title}</Typography>
          {entry.body.map((block, i) =>
            block.type === 'heading' ? (
              <Typography key={i} variant="h3" component="h3" sx={{ mt: 2, mb: 0.5 }}>{block.content}</Typography>
            ) : (
              <Typography key={i} sx={{ mb: 1 }}>{block.content}</Typography>
            ),
          )}
        </Box>
      ))}
    </Stack>
  );
}
