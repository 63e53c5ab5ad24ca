import { useDeferredValue, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, AppShell, Burger, Group, Tooltip, em } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import { sessionIdentity } from '../../lib/auth-token.ts';
import { useToken } from '../../lib/session.ts';
import { logout } from '../../features/auth/api/logout.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { AppFooter } from './app-footer.tsx';
import { RouteOutlet } from './route-outlet.tsx';
import { Sidebar } from './sidebar.tsx';
import { useSessionCheck } from './use-session-check.ts';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from './nav-items.ts';

/** The layout shell of a signed-in user (SPEC §2): header, collapsible sidebar, the screen, footer. */
export function AppShellLayout({ role }: { role: string }) {
  useSessionCheck();
  const token = useToken();
  const navigate = useNavigate();
  const { email, tier } = sessionIdentity(token);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsedSetting, setCollapsed] = useLocalStorage({ key: 'sidebarCollapsed', defaultValue: false, getInitialValueInEffect: false });
  // Below the sm breakpoint the navbar is a full-width drawer: always expanded there.
  // Read at the first render, not in an effect: an effect's answer re-rendered the whole shell and the screen in it
  // once more, synchronously, right after they had mounted on a phone.
  const isMobile = useMediaQuery(`(max-width: ${em(767.98)})`, undefined, { getInitialValueInEffect: false }) ?? false;
  const collapsed = collapsedSetting && !isMobile;

  const onLogout = async () => {
    await logout();
    navigate(paths.login, { replace: true });
  };

  return (
    <ModalsProvider>
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
          <DeferredSidebar collapsed={collapsed} role={role} email={email} tier={tier} onNavigate={mobile.close} onLogout={onLogout} />
        </AppShell.Navbar>
        <AppShell.Main>
          <RouteOutlet footer={<AppFooter />} />
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}

/**
 * The sidebar's links render in a second, non-urgent pass (React renders a transition in slices of a few
 * milliseconds): the screen's first render does not wait for them, and on a phone the sidebar is a closed drawer
 * anyway (Lighthouse's total blocking time on /dashboard, docs/platform.md). Only this component
 * renders again when they arrive, not the shell and the screen in it.
 */
function DeferredSidebar(props: ComponentProps<typeof Sidebar>) {
  const ready = useDeferredValue(true, false);
  return ready ? <Sidebar {...props} /> : null;
}
