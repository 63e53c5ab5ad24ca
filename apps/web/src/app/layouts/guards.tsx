import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { primaryCountryQueryOptions } from '../../lib/primary-country.ts';
import { logout } from '../../features/auth/api/logout.ts';

/** Loaded only for a user who has no region yet (or whose check failed): everybody else never downloads it. */
const RegionDialog = lazy(async () => ({ default: (await import('../../features/settings/components/region-dialog.tsx')).RegionDialog }));

/**
 * Protected routes need a valid unexpired token (SPEC §2), else /login. They also need a primary country:
 * until one is set — or when the check call fails — the blocking region dialog is shown over the page.
 */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return (
    <>
      <Outlet />
      <RegionGate />
    </>
  );
}

function RegionGate() {
  const primaryCountry = useQuery(primaryCountryQueryOptions);
  const navigate = useNavigate();
  const needsRegion = primaryCountry.isError || (primaryCountry.isSuccess && !primaryCountry.data.country);
  const signInAgain = () => void logout().then(() => navigate(paths.login, { replace: true }));
  if (!needsRegion) return null;
  return (
    <Suspense fallback={null}>
      <RegionDialog opened onSignInAgain={signInAgain} />
    </Suspense>
  );
}

/** Admin-only routes: other users are redirected to /dashboard. */
export function AdminRoute() {
  const session = useSession();
  if (session?.role !== 'ADMIN') return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
