import { useEffect, useState } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_UNGATING_INVOICE_UNITS, MAX_UNGATING_INVOICE_UNITS } from '@dealradar/shared/sales-estimate';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { ungatingInvoiceQueryOptions, useSaveUngatingInvoice } from '../../../lib/ungating-invoice.ts';

/**
 * The units of an ungating invoice: for a deal that needs Amazon's approval, the deal card and the profit breakdown put
 * what approval would earn a month beside what buying these units at the supplier price costs.
 */
export function UngatingInvoiceCard() {
  const setting = useQuery(ungatingInvoiceQueryOptions);
  const save = useSaveUngatingInvoice();
  const [units, setUnits] = useState<number | string>(DEFAULT_UNGATING_INVOICE_UNITS);
  useEffect(() => {
    if (setting.data) setUnits(setting.data.units);
  }, [setting.data]);

  const onSave = () =>
    save.mutate(Number(units), {
      onSuccess: () => notifySuccess('Ungating invoice saved!'),
      onError: (failure) => notifyError(errorMessage(failure, 'Failed to save the ungating invoice.')),
    });

  return (
    <SectionCard
      title="Ungating invoice"
      icon={<IconFileInvoice size={20} />}
      description="Amazon often asks for an invoice of a few units to approve a brand. For a deal that needs approval we show what approval would earn a month beside what this many units cost at the supplier price."
      testId="ungating-invoice"
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Units of an ungating invoice"
          value={units}
          onChange={setUnits}
          min={1}
          max={MAX_UNGATING_INVOICE_UNITS}
          allowDecimal={false}
          w={220}
          disabled={setting.isPending}
        />
        <Button onClick={onSave} loading={save.isPending} disabled={!Number.isInteger(Number(units)) || Number(units) < 1}>
          Save
        </Button>
      </Group>
    </SectionCard>
  );
}
