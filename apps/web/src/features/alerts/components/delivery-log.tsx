import { Badge, Table, Text } from '@mantine/core';
import type { AlertDelivery } from '@dealradar/shared/contracts/alerts';
import { ListTable } from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';

const STATUS_COLOR: Record<AlertDelivery['status'], string> = {
  queued: 'blue',
  retrying: 'yellow',
  sent: 'green',
  failed: 'red',
  digest: 'gray',
  digested: 'gray',
};
const STATUS_LABEL: Record<AlertDelivery['status'], string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
  digest: 'Waiting for digest',
  digested: 'In digest',
};

/** The last 100 deliveries: when, what, channel, status, error. */
export function DeliveryLog({ deliveries }: { deliveries: AlertDelivery[] }) {
  return (
    <ListTable
      headers={['When', 'What', 'Channel', 'Status', 'Error']}
      empty="No deliveries yet."
      hasRows={deliveries.length > 0}
      minWidth={680}
      verticalSpacing="xs"
      testId="alert-delivery-log"
    >
      {deliveries.map((d) => (
        <Table.Tr key={d.id}>
          <Table.Td>
            <Text size="sm">{formatDateTime(d.sentAt ?? d.createdAt)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{d.summary}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{d.channel === 'email' ? 'E-mail' : 'Webhook'}</Text>
          </Table.Td>
          <Table.Td>
            <Badge color={STATUS_COLOR[d.status]} variant="light">
              {STATUS_LABEL[d.status]}
            </Badge>
            {d.attempts > 1 && (
              <Text size="xs" c="dimmed">
                {d.attempts} tries
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm" c="red">
              {d.error ?? ''}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
