import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertsApi } from '@dealradar/shared/contracts/endpoints/alerts';
import { callEndpoint, type EndpointInput } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** A new rule as the form sends it (the server fills the defaults). */
export type NewAlertRule = EndpointInput<typeof alertsApi.createRule>['body'];

/** Price-drop alerts: rules, channels and the delivery log. */
export function useAlertRules() {
  return useQuery({ ...endpointQuery(alertsApi.listRules), retry: false });
}

export function useAlertChannels(enabled: boolean) {
  return useQuery({ ...endpointQuery(alertsApi.channels), enabled, retry: false });
}

/** The last 100 deliveries; refreshed every 10 s while the screen is open (a refresh's messages arrive within minutes). */
export function useAlertDeliveries(enabled: boolean) {
  return useQuery({ ...endpointQuery(alertsApi.deliveries), enabled, retry: false, refetchInterval: 10_000 });
}

/** Every change reloads the rules, the channels and the delivery log (a test message shows in the log). */
function useAlertsMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateCalls(client, alertsApi.listRules, alertsApi.channels, alertsApi.deliveries, alertsApi.scanEmails),
  });
}

export const useCreateRule = () => useAlertsMutation((body: NewAlertRule) => callEndpoint(alertsApi.createRule, { body }));
export const useUpdateRule = () =>
  useAlertsMutation(({ id, body }: { id: number; body: NewAlertRule }) => callEndpoint(alertsApi.updateRule, { params: { id }, body }));
export const usePauseRule = () =>
  useAlertsMutation(({ id, paused }: { id: number; paused: boolean }) => callEndpoint(alertsApi.pauseRule, { params: { id }, body: { paused } }));
export const useDeleteRule = () => useAlertsMutation((id: number) => callEndpoint(alertsApi.deleteRule, { params: { id } }));
export const useTestRule = () => useAlertsMutation((id: number) => callEndpoint(alertsApi.testRule, { params: { id } }));
export const useUpdateChannels = () =>
  useAlertsMutation((body: { emailUnsubscribed?: boolean; scanFinishedEmail?: boolean }) => callEndpoint(alertsApi.updateChannels, { body }));
export const useRotateSecret = () => useAlertsMutation(() => callEndpoint(alertsApi.rotateWebhookSecret));
