import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';

/** Protected routes need a valid unexpired token (SPEC §2). */
export function ProtectedRoute() {
  const session = useSession();
  if (!session) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** Admin-only routes: other users are redirected to /dashboard. */
export function AdminRoute() {
  const session = useSession();
  if (session?.role !== 'ADMIN') return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
