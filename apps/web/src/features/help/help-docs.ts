import type { HelpDoc } from './docs/help-doc.ts';
import { supplierFilesDoc } from './docs/supplier-files.ts';
import { dealsAnalyzerDoc } from './docs/deals-analyzer.ts';
import { buyListDoc } from './docs/buy-list.ts';
import { profitAndRoiDoc } from './docs/profit-and-roi.ts';
import { priceAlertsDoc } from './docs/price-alerts.ts';
import { alertsDoc } from './docs/alerts.ts';
import { dashboardDoc } from './docs/dashboard.ts';
import { brandAnalysisDoc } from './docs/brand-analysis.ts';
import { plansAndLimitsDoc } from './docs/plans-and-limits.ts';
import { settingsDoc } from './docs/settings.ts';
import { csvTemplateAnalyzerDoc, eanAsinMappingDoc, usersAdminDoc } from './docs/admin-tools.ts';
import { systemAdminDoc } from './docs/system.ts';

/** Every help page, in the order of the Help / Docs list. */
export const HELP_DOCS: readonly HelpDoc[] = [
  supplierFilesDoc,
  dealsAnalyzerDoc,
  buyListDoc,
  profitAndRoiDoc,
  priceAlertsDoc,
  alertsDoc,
  dashboardDoc,
  brandAnalysisDoc,
  plansAndLimitsDoc,
  settingsDoc,
  csvTemplateAnalyzerDoc,
  eanAsinMappingDoc,
  usersAdminDoc,
  systemAdminDoc,
];

/** The pages a user may read: administrators' tools only for administrators. */
export function docsFor(isAdmin: boolean): HelpDoc[] {
  return HELP_DOCS.filter((doc) => isAdmin || !doc.adminOnly);
}

export function findDoc(slug: string | undefined, isAdmin: boolean): HelpDoc | undefined {
  return docsFor(isAdmin).find((doc) => doc.slug === slug);
}
