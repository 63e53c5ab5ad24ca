import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { captureReferral } from './lib/referral.ts';

captureReferral(window.location.search);

// The first render is a transition: React renders it in slices of a few milliseconds instead of one long task, so the
// page stays responsive while the shell mounts (Lighthouse's total blocking time on a phone, issue 23 item 16).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
