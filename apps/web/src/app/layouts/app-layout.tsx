import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { RouteOutlet } from './route-outlet.tsx';

/** The shell (sidebar, header, footer) is a chunk of its own: the public pages never download it. */
const AppShellLayout = lazy(async () => ({ default: (await import('./app-shell-layout.tsx')).AppShellLayout }));

/** Account pages that are never wrapped in the shell: they are about getting into a session. */
const AUTH_PAGES = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.authResetPassword,
  paths.authConfirm,
  paths.confirmEmail,
  paths.confirmPasswordNoToken,
  '/confirm-password/',
];

export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.some((page) => (page.endsWith('/') ? pathname.startsWith(page) : pathname === page));
}

/** The layout shell is shown only with a valid token; otherwise only the page content is rendered (SPEC §2). */
export function AppLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session || isAuthPage(pathname)) return <RouteOutlet />;
  return (
    <Suspense fallback={null}>
      <AppShellLayout role={session.role} />
    </Suspense>
  );
}
