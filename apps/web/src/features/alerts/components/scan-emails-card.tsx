import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scanEmailsSchema } from '@dealradar/shared/contracts/alerts';
import { SectionCard } from '../../../components/section-card.tsx';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';

const KEY = ['alerts', 'scan-emails'] as const;

/** Settings: the opt-out of scan-finished e-mails (scans that ran over 2 minutes e-mail their owner when they end). */
export function ScanEmailsCard() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => apiRequest('/alerts/scan-emails', { schema: scanEmailsSchema }), retry: false });
  const save = useMutation({
    mutationFn: (on: boolean) => apiRequest('/alerts/scan-emails', { method: 'PUT', body: { scanFinishedEmail: on }, schema: scanEmailsSchema }),
    onSuccess: (data) => client.setQueryData(KEY, data),
    onError: (error) => notifyError(errorMessage(error, 'Failed to save settings.')),
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
