import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { siteConfig } from '../../lib/config';

const LAST_UPDATED = '22 April 2025';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>{title}</Typography>
      {children}
    </Box>
  );
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** What this deployment really uses, read from the configuration. */
export function providerStatements(config = siteConfig): { cdn: string; errors: string; analytics: string } {
  return {
    cdn:
      (config.cdnProvider
        ? `This deployment is served through ${config.cdnProvider}, a CDN and security provider. It processes your IP address and request details to deliver pages and protect the site from abuse.`
        : config.mediaHost
          ? 'This deployment does not name a CDN or security provider for its pages: they are served by the host that runs it, which sees standard request details (such as your IP address) in order to deliver them.'
          : 'This deployment does not use a separate CDN or security provider: pages and sounds are served directly by the host that runs it, which sees standard request details (such as your IP address) in order to deliver them.') +
      (config.mediaHost ? ` Sounds and cover images load from ${hostOf(config.mediaHost)}, which sees the same request details when it delivers them.` : ''),
    errors: config.sentryDsn
      ? 'This deployment uses Sentry, an error-tracking service. When the app breaks it sends a technical report (the error, browser and page) without personal data and without cookies.'
      : 'This deployment does not use an error-tracking service. Errors stay in your browser.',
    analytics: config.analytics
      ? `This deployment uses ${config.analytics.provider}, a privacy-friendly analytics provider that uses no cookies and collects no personal data; it counts page views in aggregate.`
      : 'This deployment does not use an analytics provider.',
  };
}

export default function PrivacyPage() {
  const email = siteConfig.supportEmail;
  const product = siteConfig.productName;
  const providers = providerStatements();
  const mail = <Link href={`mailto:${email}`}>{email}</Link>;
  return (
    <Stack spacing={1} sx={{ maxWidth: 760 }}>
      <Typography variant="h2" component="h2">Privacy policy</Typography>
      <Typography color="text.secondary">Last updated {LAST_UPDATED}</Typography>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label="Quick summary">
        <Typography variant="h3" component="h3" gutterBottom>Quick summary</Typography>
        <ul>
          <li>No account is needed to use {product}, and you never sign in.</li>
          <li>No third-party cookies are used.</li>
          <li>Your playlists, listening statistics and cached sounds stay on your device.</li>
          <li>{providers.errors}</li>
          <li>{providers.analytics}</li>
          <li>Questions? E-mail {mail}.</li>
        </ul>
      </Paper>
      <Typography variant="h2" component="h2" sx={{ mt: 3 }}>Full version</Typography>
      <Section title="Scope">
        <Typography>This policy covers the {product} web app and the files it loads. It explains what data is handled when you use it and why.</Typography>
      </Section>
      <Section title="Data we collect">
        <Typography>
          {product} needs no account and collects no personal data of its own. Everything you create stays in your browser: playlists and listening
          statistics in local storage, and sounds you have played in the browser's database so they work offline. You can delete them at any time
          by clearing this site's data in your browser (or removing cached sounds on the Settings page).
        </Typography>
      </Section>
      <Section title="Definitions">
        <Typography>
          “Local storage” and “IndexedDB” are storage areas in your own browser; their contents never leave your device. “Personal data” means
          any information about an identified or identifiable person. A “provider” is a company that processes data on our behalf.
        </Typography>
      </Section>
      <Section title="Third-party providers">
        <Typography component="div">
          <ul>
            <li><strong>CDN and security:</strong> {providers.cdn}</li>
            <li><strong>Error tracking:</strong> {providers.errors}</li>
            <li><strong>Analytics:</strong> {providers.analytics}</li>
          </ul>
        </Typography>
      </Section>
      <Section title="Your rights under the GDPR">
        <Typography>
          You have the right to access, correct, delete, restrict and object to the processing of your personal data, and to data portability.
          Since {product} keeps your data on your device, you can exercise most of these rights directly in your browser. For anything else,
          e-mail {mail}. You may also lodge a complaint with your data protection authority.
        </Typography>
      </Section>
      <Section title="Retention">
        <Typography>Data on your device is kept until you delete it. Providers listed above keep technical logs only as long as they need to operate the service.</Typography>
      </Section>
      <Section title="Third-party links">
        <Typography>{product} links to other sites, such as its source code repository. Their own privacy policies apply there.</Typography>
      </Section>
      <Section title="Changes to this policy">
        <Typography>When this policy changes, the date at the top changes with it, and important changes are noted in the changelog.</Typography>
      </Section>
      <Section title="Support">
        <Typography>For any privacy question, e-mail {mail}.</Typography>
      </Section>
    </Stack>
  );
}
