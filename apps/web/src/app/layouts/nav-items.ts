import type { ComponentType } from 'react';
import {
  IconBellRinging,
  IconChartBar,
  IconCreditCard,
  IconDashboard,
  IconFileAnalytics,
  IconFileSpreadsheet,
  IconHelp,
  IconLink,
  IconServer,
  IconSettings,
  IconShoppingCart,
  IconUsers,
} from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';

/** The wholesale marketplace whose name the Brand Analysis and Price Alerts labels carry (SPEC §2). */
export const WHOLESALE_MARKETPLACE = 'Qogita';

export interface NavEntry {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  adminOnly?: boolean;
}

/** Sidebar entries in the order of SPEC §2. */
export const MAIN_NAV: readonly NavEntry[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: IconDashboard },
  { label: 'CSV Analyzer', to: paths.csvTemplateAnalyzer, icon: IconFileSpreadsheet, adminOnly: true },
  { label: 'Deals Analyzer (csv)', to: paths.supplierLevelAnalyzer, icon: IconFileAnalytics },
  { label: 'Buy List', to: paths.buyList, icon: IconShoppingCart },
  { label: `${WHOLESALE_MARKETPLACE} Brand Analysis`, to: paths.brandLevelAnalyzer, icon: IconChartBar },
  { label: `${WHOLESALE_MARKETPLACE} Price Alerts`, to: paths.priceAlerts, icon: IconBellRinging },
  { label: 'Settings', to: paths.settings, icon: IconSettings },
  { label: 'Subscriptions', to: paths.subscription, icon: IconCreditCard },
  { label: 'Help / Docs', to: paths.help, icon: IconHelp },
];

/** The admin-only bottom section. */
export const ADMIN_NAV: readonly NavEntry[] = [
  { label: 'EAN-ASIN Mapping', to: paths.eanAsinMapping, icon: IconLink, adminOnly: true },
  { label: 'Users', to: paths.users, icon: IconUsers, adminOnly: true },
  { label: 'System', to: paths.system, icon: IconServer, adminOnly: true },
];

/** The entries a role sees: admins everything, others neither admin-only entry nor the bottom section. */
export function navFor(role: string | null | undefined): { main: NavEntry[]; admin: NavEntry[] } {
  const isAdmin = role === 'ADMIN';
  return { main: MAIN_NAV.filter((entry) => isAdmin || !entry.adminOnly), admin: isAdmin ? [...ADMIN_NAV] : [] };
}

/** The active entry is the one whose route is the current path (or a sub-path of it). */
export function isNavActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export const SIDEBAR_WIDTH_EXPANDED = 270;
export const SIDEBAR_WIDTH_COLLAPSED = 80;
