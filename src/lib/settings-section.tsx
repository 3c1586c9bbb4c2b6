import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A panel of Settings: an outlined section labelled by its h2, a line saying what it holds, then its content. */
export function SettingsSection({ id, title, intro, testId, children }: { id: string; title: string; intro: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id} data-testid={testId}>
      <Typography variant="h2" component="h2" id={id} gutterBottom>{title}</Typography>
      <Typography sx={{ mb: 1 }}>{intro}</Typography>
      {children}
    </Paper>
  );
}
