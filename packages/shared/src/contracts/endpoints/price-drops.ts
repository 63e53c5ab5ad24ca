import { endpoint } from '../endpoint.ts';
import {
  dashboardAnalyticsSchema,
  dashboardOverviewSchema,
  priceAlertStatsSchema,
  priceDropBrandsSchema,
  priceDropIdParamsSchema,
  priceDropItemSchema,
  priceDropProfitSchema,
  priceDropsPageSchema,
  priceDropsQuerySchema,
  startRefreshResponseSchema,
} from '../price-drops.ts';
import { z } from 'zod';

const tag = 'price-drops';
const drops = z.array(priceDropItemSchema);

/** SPEC §7 "Dashboard" and "Price alerts" (GROWTH, PRO and admins; other plans get 403), plus the admin's refresh. */
export const priceDropsApi = {
  overview: endpoint({
    method: 'GET',
    path: '/price-alerts/dashboard/overview',
    access: 'user',
    tag,
    summary: 'Dashboard totals.',
    responses: { 200: dashboardOverviewSchema },
  }),
  hotDeals: endpoint({ method: 'GET', path: '/price-alerts/dashboard/hot-deals', access: 'user', tag, summary: 'The top 5 drops.', responses: { 200: drops } }),
  recentDrops: endpoint({
    method: 'GET',
    path: '/price-alerts/dashboard/recent-drops',
    access: 'user',
    tag,
    summary: 'Drops detected in the last 2 hours, newest first (at most 100; the dashboard shows the first 5).',
    responses: { 200: drops },
  }),
  analytics: endpoint({
    method: 'GET',
    path: '/price-alerts/dashboard/analytics',
    access: 'user',
    tag,
    summary: 'Categories, top brands and the daily trend.',
    responses: { 200: dashboardAnalyticsSchema },
  }),
  list: endpoint({
    method: 'GET',
    path: '/price-alerts/price-drops',
    access: 'user',
    tag,
    summary: 'Price drops, paged (zero-based), searched, filtered and sorted.',
    query: priceDropsQuerySchema,
    responses: { 200: priceDropsPageSchema },
  }),
  profit: endpoint({
    method: 'GET',
    path: '/price-alerts/price-drops/:id/profit',
    access: 'user',
    tag,
    summary: "The basis of a drop's ROI (the profit engine's breakdown).",
    params: priceDropIdParamsSchema,
    responses: { 200: priceDropProfitSchema },
  }),
  brands: endpoint({
    method: 'GET',
    path: '/price-alerts/price-drops/brands',
    access: 'user',
    tag,
    summary: 'Brands that have drops (the brand filter).',
    responses: { 200: priceDropBrandsSchema },
  }),
  stats: endpoint({
    method: 'GET',
    path: '/price-alerts/stats',
    access: 'user',
    tag,
    summary: 'Price alert statistics.',
    responses: { 200: priceAlertStatsSchema },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/price-alerts/refresh',
    access: 'admin',
    tag,
    summary: 'Queue a price refresh now.',
    responses: { 202: startRefreshResponseSchema },
  }),
} as const;
