import type { ReactNode } from 'react';
import { Badge, DEFAULT_THEME, MantineProvider, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_POSITION } from '../lib/notify.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * Contrast (WCAG AA, 4.5:1, checked by the Lighthouse benchmark): filled buttons and badges use shade 8 and pick black
 * or white text by luminance (the 0.18 threshold is where both give the same contrast); the green of prices (shades
 * 7–9) is darkened so green text on white passes; dimmed text is gray 7 instead of gray 6 (3.3:1).
 */
const green = [...DEFAULT_THEME.colors.green.slice(0, 7), '#2a8139', '#237032', '#1c5a26'] as unknown as MantineColorsTuple;
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  colors: { green },
  components: {
    // Badges read as written ('Top 5', 'Last 2h', 'Minor' as SPEC writes them), not uppercased by Mantine's CSS.
    Badge: Badge.extend({ styles: { root: { textTransform: 'none' } } }),
  },
});
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/**
 * App-wide providers. The modals manager (@mantine/modals) sits in the signed-in shell (layouts/app-shell-layout.tsx):
 * only protected screens open confirmation dialogs, and the public pages stay free of the modal code.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position={TOAST_POSITION} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
