import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { siteConfig } from '../../lib/config';

export default function SupportPage() {
  const email = siteConfig.supportEmail;
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">Need help?</Typography>
      <Typography>
        If something does not work or you have an idea for {siteConfig.productName}, please e-mail us at{' '}
        <Link href={`mailto:${email}`}>{email}</Link>. We read every message.
      </Typography>
    </Stack>
  );
}
