import { Outlet, useLocation, useNavigate } from 'react-router';
import { ActionIcon, AppShell, Box, Burger, Group, Tooltip, em } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import { sessionIdentity } from '../../lib/auth-token.ts';
import { useSession, useToken } from '../../lib/session.ts';
import { logout } from '../../features/auth/api/logout.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { AppFooter } from './app-footer.tsx';
import { Sidebar } from './sidebar.tsx';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from './nav-items.ts';

/** Account pages that are never wrapped in the shell: they are about getting into a session. */
const AUTH_PAGES = [paths.login, paths.register, paths.forgotPassword, paths.resetPassword, paths.authResetPassword, paths.authConfirm, paths.confirmEmail, '/confirm-password/'];

export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.some((page) => (page.endsWith('/') ? pathname.startsWith(page) : pathname === page));
}

/** The layout shell is shown only with a valid token; otherwise only the page content is rendered (SPEC §2). */
export function AppLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session || isAuthPage(pathname)) return <Outlet />;
  return <Shell role={session.role} />;
}

function Shell({ role }: { role: string }) {
  const token = useToken();
  const navigate = useNavigate();
  const { email, tier } = sessionIdentity(token);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsedSetting, setCollapsed] = useLocalStorage({ key: 'sidebarCollapsed', defaultValue: false, getInitialValueInEffect: false });
  // Below the sm breakpoint the navbar is a full-width drawer: always expanded there.
  const isMobile = useMediaQuery(`(max-width: ${em(767.98)})`) ?? false;
  const collapsed = collapsedSetting && !isMobile;

  const onLogout = async () => {
    await logout();
    navigate(paths.login, { replace: true });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="lg"
      styles={{ main: { background: 'var(--mantine-color-gray-0)', display: 'flex', flexDirection: 'column' } }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={mobileOpened} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Tooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={() => setCollapsed(!collapsedSetting)}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
              >
                {collapsed ? <IconLayoutSidebarLeftExpand size={22} /> : <IconLayoutSidebarLeftCollapse size={22} />}
              </ActionIcon>
            </Tooltip>
            <BrandLogo />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar data-testid="sidebar" data-collapsed={collapsed}>
        <Sidebar collapsed={collapsed} role={role} email={email} tier={tier} onNavigate={mobile.close} onLogout={onLogout} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Box style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
