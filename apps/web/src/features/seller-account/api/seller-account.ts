import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteAuthorizationBody, ConnectSellerAccountBody, SellerRegion } from '@dealradar/shared/contracts/seller-account';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** GET /seller-account: the organization's connection (never the token). */
export const sellerAccountQueryOptions = endpointQuery(sellerAccountApi.get);

export function useConnectSellerAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectSellerAccountBody) => callEndpoint(sellerAccountApi.connect, { body }),
    onSuccess: (data) => {
      client.setQueryData(sellerAccountQueryOptions.queryKey, data);
      void invalidateCalls(client, supplierAnalyzerApi.results);
    },
  });
}

export function useDisconnectSellerAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(sellerAccountApi.disconnect),
    onSuccess: (data) => {
      client.setQueryData(sellerAccountQueryOptions.queryKey, data);
      void invalidateCalls(client, supplierAnalyzerApi.results);
    },
  });
}

/** Website authorization: the consent page's address (the browser goes there). */
export function useStartAuthorization() {
  return useMutation({ mutationFn: (region: SellerRegion) => callEndpoint(sellerAccountApi.startAuthorization, { body: { region } }) });
}

/** Website authorization: Amazon's redirect back to Settings (state, code, seller id). */
export function useCompleteAuthorization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteAuthorizationBody) => callEndpoint(sellerAccountApi.completeAuthorization, { body }),
    onSuccess: (data) => {
      client.setQueryData(sellerAccountQueryOptions.queryKey, data);
      void invalidateCalls(client, supplierAnalyzerApi.results);
    },
  });
}
