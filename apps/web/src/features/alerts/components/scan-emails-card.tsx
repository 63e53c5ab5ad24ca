import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertsApi } from '@dealradar/shared/contracts/endpoints/alerts';
import { SectionCard } from '../../../components/section-card.tsx';
import { callEndpoint, errorMessage } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { notifyError } from '../../../lib/notify.ts';

/** Settings: the opt-out of scan-finished e-mails (scans that ran over 2 minutes e-mail their owner when they end). */
export function ScanEmailsCard() {
  const client = useQueryClient();
  const scanEmails = endpointQuery(alertsApi.scanEmails);
  const query = useQuery({ ...scanEmails, retry: false });
  // The switch shows the choice at once; a load of the setting still on its way (the card mounted again, a refetch)
  // is dropped so it cannot put the old value back, and the saved value is read again when the save has ended.
  const save = useMutation({
    mutationFn: (on: boolean) => callEndpoint(alertsApi.setScanEmails, { body: { scanFinishedEmail: on } }),
    onMutate: async (on) => {
      await client.cancelQueries({ queryKey: scanEmails.queryKey });
      const previous = client.getQueryData(scanEmails.queryKey);
      if (previous) client.setQueryData(scanEmails.queryKey, { ...previous, scanFinishedEmail: on });
      return { previous };
    },
    onSuccess: (data) => client.setQueryData(scanEmails.queryKey, data),
    onError: (error, _on, context) => {
      if (context?.previous) client.setQueryData(scanEmails.queryKey, context.previous);
      notifyError(errorMessage(error, 'Failed to save settings.'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: scanEmails.queryKey }),
  });
  return (
    <SectionCard
      title="Scan e-mails"
      description="When a supplier, CSV Template or brand scan that ran longer than 2 minutes finishes or fails, we e-mail you the counts and a link."
    >
      <Switch
        label="E-mail me when a long scan finishes"
        checked={query.data?.scanFinishedEmail ?? true}
        disabled={!query.data || save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
        data-testid="scan-emails-switch"
      />
    </SectionCard>
  );
}
