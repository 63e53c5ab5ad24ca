import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyList, PurchaseOrderFormat, SendToWatchlistResult } from '@dealradar/shared/contracts/buy-list';
import { buyListApi } from '@dealradar/shared/contracts/endpoints/buy-list';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /buy-list: the organization's buy list (403 below Growth: the page shows the upgrade prompt itself). */
export const buyListQueryOptions = queryOptions({
  ...endpointQuery(buyListApi.get, { silent403: true }),
  retry: false,
});

/** GET /buy-list/settings: the weeks a suggested quantity covers. */
export const buyListSettingsQueryOptions = queryOptions({
  ...endpointQuery(buyListApi.settings, { silent403: true }),
  retry: false,
  staleTime: 60_000,
});

export function useBuyList() {
  return useQuery(buyListQueryOptions);
}

/** Every change answers the whole list: it replaces the cached one. */
function useListMutation<V>(call: (vars: V) => Promise<BuyList>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => client.setQueryData(buyListQueryOptions.queryKey, list),
  });
}

export const useAddToBuyList = () => useListMutation((vars: { dealId: string; quantity: number }) => callEndpoint(buyListApi.add, { body: vars }));
/** POST /buy-list/price-drops: a Qogita price drop (quantity absent: the server's suggestion, capped by the offer's stock). */
export const useAddDropToBuyList = () =>
  useListMutation((vars: { priceDropId: number; quantity?: number }) => callEndpoint(buyListApi.addPriceDrop, { body: vars, silent403: true }));

/** POST /buy-list/qogita-watchlist: one Qogita group onto the buyer's Qogita watchlist; the answer's list replaces the cached one. */
export function useSendToWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (supplierName: string): Promise<SendToWatchlistResult> =>
      callEndpoint(buyListApi.sendToWatchlist, { body: { supplierName }, timeoutMs: 120_000 }),
    onSuccess: (answer) => client.setQueryData(buyListQueryOptions.queryKey, answer.list),
  });
}

export const useUpdateBuyLine = () =>
  useListMutation((vars: { id: string; quantity: number }) => callEndpoint(buyListApi.update, { params: { id: vars.id }, body: { quantity: vars.quantity } }));
export const useRemoveBuyLine = () => useListMutation((id: string) => callEndpoint(buyListApi.remove, { params: { id } }));
export const useSetSupplierMov = () =>
  useListMutation((vars: { supplierName: string; minOrderValue: number | null }) => callEndpoint(buyListApi.setMov, { body: vars }));

export function useSaveBuyListWeeks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (weeks: number) => callEndpoint(buyListApi.updateSettings, { body: { weeks } }),
    onSuccess: (answer) => client.setQueryData(buyListSettingsQueryOptions.queryKey, answer),
  });
}

/** GET /buy-list/order?supplier=…&format=…: the supplier's purchase order as CSV, CSV for Excel or XLSX. */
export function downloadPurchaseOrder(supplierName: string, format: PurchaseOrderFormat): Promise<Blob> {
  return callEndpoint(buyListApi.order, { query: { supplier: supplierName, format }, timeoutMs: 60_000 });
}

/** 'purchase_order_acme_2026-11-29.csv', '…_excel.csv' (CSV for Excel), '….xlsx' (as the server names it). */
export function purchaseOrderFileName(supplierName: string, day: string, format: PurchaseOrderFormat): string {
  const safe =
    supplierName
      .replace(/\.[A-Za-z0-9]+$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .slice(0, 60) || 'supplier';
  return format === 'excel-csv' ? `purchase_order_${safe}_${day}_excel.csv` : `purchase_order_${safe}_${day}.${format}`;
}
