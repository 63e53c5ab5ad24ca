import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertChannelsSchema,
  alertDeliveriesSchema,
  alertDeliverySchema,
  alertRuleSchema,
  alertRulesSchema,
  type AlertRuleBody,
} from '@dealradar/shared/contracts/alerts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Price-drop alerts (issue 15): rules, channels and the delivery log. */
const KEY = ['alerts'] as const;

export function useAlertRules() {
  return useQuery({ queryKey: [...KEY, 'rules'], queryFn: () => apiRequest('/alerts/rules', { schema: alertRulesSchema }), retry: false });
}

export function useAlertChannels(enabled: boolean) {
  return useQuery({ queryKey: [...KEY, 'channels'], queryFn: () => apiRequest('/alerts/channels', { schema: alertChannelsSchema }), enabled, retry: false });
}

/** The last 100 deliveries; refreshed every 10 s while the screen is open (a refresh's messages arrive within minutes). */
export function useAlertDeliveries(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'deliveries'],
    queryFn: () => apiRequest('/alerts/deliveries', { schema: alertDeliveriesSchema }),
    enabled,
    retry: false,
    refetchInterval: 10_000,
  });
}

function useAlertsMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useCreateRule = () =>
  useAlertsMutation((body: Partial<AlertRuleBody>) => apiRequest('/alerts/rules', { method: 'POST', body, schema: alertRuleSchema }));
export const usePauseRule = () =>
  useAlertsMutation(({ id, paused }: { id: number; paused: boolean }) =>
    apiRequest(`/alerts/rules/${id}`, { method: 'PATCH', body: { paused }, schema: alertRuleSchema }),
  );
export const useDeleteRule = () => useAlertsMutation((id: number) => apiRequest(`/alerts/rules/${id}`, { method: 'DELETE' }));
export const useTestRule = () => useAlertsMutation((id: number) => apiRequest(`/alerts/rules/${id}/test`, { method: 'POST', schema: alertDeliverySchema }));
export const useUpdateChannels = () =>
  useAlertsMutation((body: { emailUnsubscribed?: boolean; scanFinishedEmail?: boolean }) =>
    apiRequest('/alerts/channels', { method: 'PATCH', body, schema: alertChannelsSchema }),
  );
export const useRotateSecret = () => useAlertsMutation(() => apiRequest('/alerts/channels/webhook-secret', { method: 'POST', schema: alertChannelsSchema }));
