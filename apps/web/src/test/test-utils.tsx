import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { BrowserRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { onTestFinished } from 'vitest';
import type { TokenClaims } from '@dealradar/shared/contracts/account';
import { cssVariablesResolver, theme } from '../app/providers.tsx';
import { TOKEN_KEY } from '../lib/auth-token.ts';
import { isApiStubbed, stubApi } from './api-stub.ts';
import { installDomStubs } from './dom-stubs.ts';

// A screen's first render loads Mantine and the screen's modules: on a busy 2-core machine that takes more than the
// default second of findBy… and waitFor.
configure({ asyncUtilTimeout: 10_000 });

export { reply, stubApi, type ApiRequest, type ApiStub } from './api-stub.ts';

export interface RenderOptions {
  /** The address the screen opens at, with its query: `/qogita-price-alerts?category=LARGE`. Default `/`. */
  path?: string;
  /** The route pattern the element is mounted at, when it reads path parameters (`/scans/:id`). Default: every path. */
  route?: string;
  /** Signs a user in for the test (a token with these claims in local storage); default: nobody is signed in. */
  session?: Partial<TokenClaims>;
}

/** A session token the app can decode (the server, which would verify it, is stubbed). */
function fakeToken(claims: Partial<TokenClaims>): string {
  const payload: TokenClaims = {
    sub: 'user@example.com',
    id: 'user-1',
    email: 'user@example.com',
    role: 'USER',
    subscriptionTier: 'GROWTH',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

/**
 * Renders a component as the app would: Mantine with the app's theme (in its test mode: no transitions, no portals;
 * without its style tags, which only make the DOM's style look-ups slow),
 * the modals manager and toasts, a fresh QueryClient that never retries, and a router at `path`. Everything it sets
 * up is taken down when the test finishes (the tree, toasts, the session, the address, the DOM stubs). Answer API calls with
 * `stubApi()` before rendering; without it every call is answered 404.
 */
export function renderWithProviders(ui: ReactNode, { path = '/', route = '*', session }: RenderOptions = {}) {
  installDomStubs();
  // A test never reaches the network: calls nobody answered get a 404 with a sentence (see stubApi).
  if (!isApiStubbed()) stubApi();
  if (session) localStorage.setItem(TOKEN_KEY, fakeToken(session));
  // The DOM window's own history, not a MemoryRouter: screens that compare with window.location (the price alerts' address
  // state) then see what a browser shows them.
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test" withCssVariables={false} withGlobalClasses={false}>
      <Notifications />
      <ModalsProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
            <LocationProbe />
          </BrowserRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  onTestFinished(() => {
    cleanup();
    queryClient.clear();
    notifications.clean();
    localStorage.removeItem(TOKEN_KEY);
    window.history.replaceState(null, '', '/');
  });
  return {
    ...result,
    user: userEvent.setup({ delay: null }),
    queryClient,
    /** Where the router is now: `pathname` and `search`. */
    location: (): Location => {
      if (!current.location) throw new Error('The router has not rendered yet.');
      return current.location;
    },
    /** The query string the screen keeps its state in. */
    searchParams: () => new URLSearchParams(current.location?.search ?? ''),
  };
}

/**
 * The open dialog of this title, once Mantine has moved the focus into it: a modal focuses its first control a moment
 * after it opens, and a click before that loses its focus to it (an opened select closes again).
 */
export async function findDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => {
    if (!dialog.contains(document.activeElement)) throw new Error(`The dialog "${name}" has not taken the focus yet.`);
  });
  return dialog;
}

/**
 * Opens a select, multi-select or tags field and clicks one of its options, looked up in the list that field opened
 * (the same option name in another field's list is not mistaken for it). The look-up skips the visibility checks of
 * the accessibility tree: the list is open, and they are most of a query's time in a screen full of Mantine.
 */
export async function chooseOption(user: { click: (element: Element) => Promise<void> }, field: HTMLElement, option: string): Promise<void> {
  await user.click(field);
  const list = await waitFor(() => {
    const id = field.getAttribute('aria-controls');
    const element = id ? document.getElementById(id) : null;
    if (!element) throw new Error('The field did not open its list of options.');
    return element;
  });
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}
