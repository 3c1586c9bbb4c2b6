import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnapshot } from 'valtio';
import { useHydrated } from '../../lib/use-hydrated';
import { soundscapes } from '../../catalogue/catalogue';
import { strings } from '../../lib/strings';
import { statsKey, statsStore } from '../../stores/stats-store';

const nameByKey = new Map(soundscapes.map((sound) => [statsKey(sound.name), `${sound.emoji} ${sound.name}`]));

const minutesFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** SPEC 3: minutes and sessions per sound, as stored under listeningPreferences. */
export function ListeningStats() {
  const stats = useSnapshot(statsStore);
  // Stored on this device: the prerendered page shows the empty state until hydrated.
  const hydrated = useHydrated();
  const rows = Object.entries(hydrated ? stats.tracks : {})
    .map(([key, entry]) => ({ key, name: nameByKey.get(key) ?? key, minutes: entry.totalMinutes, sessions: entry.sessionCount }))
    .sort((a, b) => b.minutes - a.minutes || a.name.localeCompare(b.name, 'en'));

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="listening-stats-heading" data-testid="listening-stats">
      <Typography variant="h2" component="h2" id="listening-stats-heading" gutterBottom>{strings.listeningStatsHeading}</Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{strings.listeningStatsEmpty}</Typography>
      ) : (
        <Table size="small" aria-labelledby="listening-stats-heading">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{strings.listeningStatsSound}</TableCell>
              <TableCell component="th" scope="col" align="right">{strings.listeningStatsMinutes}</TableCell>
              <TableCell component="th" scope="col" align="right">{strings.listeningStatsSessions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} data-stats-key={row.key}>
                <TableCell component="th" scope="row">{row.name}</TableCell>
                <TableCell align="right" data-testid="stats-minutes">{minutesFormat.format(row.minutes)}</TableCell>
                <TableCell align="right" data-testid="stats-sessions">{row.sessions}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
