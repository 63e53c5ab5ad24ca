import { ActionIcon, AppShell, Avatar, Badge, Divider, Group, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { isNavActive, navFor, type NavEntry } from './nav-items.ts';

interface SidebarProps {
  collapsed: boolean;
  role: string | null | undefined;
  email: string;
  tier: string;
  onNavigate: () => void;
  onLogout: () => void;
}

/** Sidebar of SPEC §2: entries in order, admin bottom section, the user's e-mail and tier, logout. */
export function Sidebar({ collapsed, role, email, tier, onNavigate, onLogout }: SidebarProps) {
  const { pathname } = useLocation();
  const nav = navFor(role);
  const link = (entry: NavEntry) => (
    <SidebarLink key={entry.to} entry={entry} collapsed={collapsed} active={isNavActive(pathname, entry.to)} onNavigate={onNavigate} />
  );

  return (
    <>
      <AppShell.Section grow component={ScrollArea} px={collapsed ? 'xs' : 'sm'} py="md" aria-label="Main navigation">
        <Stack gap={4}>{nav.main.map(link)}</Stack>
        {nav.admin.length > 0 && (
          <Stack gap={4} mt="lg" aria-label="Administration">
            {collapsed ? (
              <Divider my={4} />
            ) : (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} style={{ letterSpacing: 0.6 }}>
                Administration
              </Text>
            )}
            {nav.admin.map(link)}
          </Stack>
        )}
      </AppShell.Section>
      <AppShell.Section p={collapsed ? 'xs' : 'sm'} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <UserBox collapsed={collapsed} email={email} tier={tier} onLogout={onLogout} />
      </AppShell.Section>
    </>
  );
}

function SidebarLink({ entry, collapsed, active, onNavigate }: { entry: NavEntry; collapsed: boolean; active: boolean; onNavigate: () => void }) {
  const Icon = entry.icon;
  const link = (
    <NavLink
      component={Link}
      to={entry.to}
      onClick={onNavigate}
      active={active}
      aria-current={active ? 'page' : undefined}
      aria-label={entry.label}
      label={collapsed ? undefined : entry.label}
      leftSection={<Icon size={20} stroke={1.6} />}
      variant="light"
      fw={500}
      styles={{
        root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: collapsed ? 'center' : undefined, padding: collapsed ? '10px 0' : '9px 12px' },
        section: collapsed ? { marginInlineEnd: 0 } : undefined,
        body: collapsed ? { display: 'none' } : undefined,
      }}
    />
  );
  // The label's tooltip only where the label is hidden: a disabled Tooltip still set up its floating element for each
  // of the dozen links on every first render.
  return collapsed ? (
    <Tooltip label={entry.label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function UserBox({ collapsed, email, tier, onLogout }: { collapsed: boolean; email: string; tier: string; onLogout: () => void }) {
  const initial = email.charAt(0).toUpperCase() || 'U';
  if (collapsed) {
    return (
      <Stack align="center" gap="xs">
        <Tooltip label={`${email} · ${tier}`} position="right" withArrow>
          <Avatar color="indigo" radius="xl" size={36}>
            {initial}
          </Avatar>
        </Tooltip>
        <Tooltip label="Logout" position="right" withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={onLogout} aria-label="Logout">
            <IconLogout size={20} />
          </ActionIcon>
        </Tooltip>
      </Stack>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" data-testid="sidebar-user">
      <Avatar color="indigo" radius="xl" size={38}>
        {initial}
      </Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end" title={email} data-testid="sidebar-email">
          {email}
        </Text>
        <Badge size="xs" variant="light" color="indigo" data-testid="sidebar-tier">
          {tier}
        </Badge>
      </div>
      <Tooltip label="Logout" withArrow>
        <UnstyledButton onClick={onLogout} aria-label="Logout" style={{ display: 'flex', padding: 6, borderRadius: 8 }}>
          <IconLogout size={20} color="var(--mantine-color-gray-7)" />
        </UnstyledButton>
      </Tooltip>
    </Group>
  );
}
