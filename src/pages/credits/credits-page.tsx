import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { soundscapes } from '../../catalogue/catalogue';
import { siteConfig } from '../../lib/config';

/** Attribution lines may contain a URL: show it as a link, everything as text. */
function Attribution({ line }: { line: string }) {
  const parts = line.split(/(https?:\/\/[^\s)]+)/g);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, i) => (/^https?:\/\//.test(part) ? <Link key={i} href={part} target="_blank" rel="noopener noreferrer">{part}</Link> : part))}
    </Typography>
  );
}

/** The sound's cover (decorative: the name is next to it); hidden if it cannot load, e.g. offline. */
function Cover({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={512}
      height={512}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-testid="credit-cover"
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '5 / 2', objectFit: 'cover' }}
    />
  );
}

export default function CreditsPage() {
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h2">Credits</Typography>
      <Typography>
        Thank you to <Link href="https://freesound.org" target="_blank" rel="noopener noreferrer">Freesound</Link> and its contributors, whose
        public-domain (CC0) recordings some of {siteConfig.productName}'s sounds are built from.
      </Typography>
      <Typography color="text.secondary">
        {siteConfig.productName} did not make the third-party recordings credited below. Their use implies no endorsement of{' '}
        {siteConfig.productName} by their authors.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {soundscapes.map((sound) => (
          <Card component="li" key={sound.index} variant="outlined" data-testid="credit-card">
            <Cover src={sound.image} />
            <CardContent>
              <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                <span aria-hidden>{sound.emoji}</span> {sound.name}
              </Typography>
              <Stack spacing={0.5}>
                {sound.attribution.map((line, i) => <Attribution key={i} line={line} />)}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
