import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header.tsx';
import { useSystemFigures } from '../../features/system/api/get-system.ts';
import {
  DatabaseSection,
  FailedDeliveriesSection,
  KeepaAndRefreshSection,
  ProcessesSection,
  QueuesSection,
  RunsSection,
} from '../../features/system/components/system-sections.tsx';
import { formatDateTimeSeconds } from '../../lib/date-format.ts';

/** /admin/system (admin): the figures the metrics publish, read again every 15 seconds. */
export function SystemPage() {
  const system = useSystemFigures();
  const figures = system.data;
  const nowMs = figures ? Date.parse(figures.readAt) : Date.now();
  return (
    <Stack gap="lg">
      <PageHeader
        title="System"
        help={{ doc: 'system-admin', label: 'Help: the System screen' }}
        subtitle={
          figures ? `As of ${formatDateTimeSeconds(figures.readAt)}; updated every 15 seconds` : 'Processes, queues, scans, Keepa, refreshes and the database'
        }
        icon={<IconServer size={24} />}
      />
      {system.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : system.isError || !figures ? (
        <Text c="red" ta="center" py="xl" role="alert">
          {system.error?.message ?? 'Failed to fetch the system figures'}
        </Text>
      ) : (
        <>
          <RunsSection figures={figures} nowMs={nowMs} />
          <ProcessesSection figures={figures} nowMs={nowMs} />
          <KeepaAndRefreshSection figures={figures} nowMs={nowMs} />
          <FailedDeliveriesSection figures={figures} />
          <QueuesSection figures={figures} />
          <DatabaseSection figures={figures} />
        </>
      )}
    </Stack>
  );
}
