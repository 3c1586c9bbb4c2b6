import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { strings } from '../../lib/strings';

export default function NotFoundPage() {
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start' }}>
      <Typography variant="h2" component="h2">404</Typography>
      <Typography data-testid="not-found">{strings.notFound}</Typography>
      <Link component={RouterLink} to="/">Go to the home page</Link>
    </Stack>
  );
}
