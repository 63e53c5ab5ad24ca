import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ungatingInvoiceApi } from '@dealradar/shared/contracts/endpoints/sales-estimate';
import { callEndpoint } from './api-client.ts';
import { endpointQuery } from './endpoint-query.ts';

/** GET /user/settings/ungating-invoice: the units of an ungating invoice ("Is approval worth it?"). */
export const ungatingInvoiceQueryOptions = queryOptions(endpointQuery(ungatingInvoiceApi.get));

/** PUT /user/settings/ungating-invoice { units }. */
export function useSaveUngatingInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (units: number) => callEndpoint(ungatingInvoiceApi.update, { body: { units } }),
    onSuccess: (answer) => queryClient.setQueryData(ungatingInvoiceQueryOptions.queryKey, answer),
  });
}
