import { useEffect, useRef } from 'react';
import { Alert, Badge, Card, CloseButton, Collapse, Group, Progress, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ScanReport, ScanStatus, SupplierScanStatus } from '@dealradar/shared/contracts/scans';
import { useSupplierScanStatus } from '../api/get-supplier-scan-status.ts';
import { supplierKeys } from '../api/supplier-keys.ts';
import { completedMessage, supplierProgressPercent } from '../scan-progress.ts';
import { toast } from '../toasts.ts';

const STATUS_COLOR: Record<ScanStatus, string> = { PENDING: 'gray', PROCESSING: 'blue', COMPLETED: 'green', ERROR: 'red' };

interface ScanProgressPanelProps {
  scanId: string;
  /** What the start call or the active-scan call said, shown until the first poll answers. */
  initial: Pick<SupplierScanStatus, 'status' | 'processedEans' | 'totalEans' | 'allowedEans'>;
  onDismiss: () => void;
}

/** The running scan, polled every 2 s (SPEC §9); 'Scan Completed' toast at the end (SPEC §4). */
export function ScanProgressPanel({ scanId, initial, onDismiss }: ScanProgressPanelProps) {
  const queryClient = useQueryClient();
  const poll = useSupplierScanStatus(scanId);
  const scan = poll.data ?? { ...initial, scanId, report: undefined, error: undefined };
  const percent = supplierProgressPercent(scan);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (announced.current === scanId || (scan.status !== 'COMPLETED' && scan.status !== 'ERROR')) return;
    announced.current = scanId;
    void queryClient.invalidateQueries({ queryKey: supplierKeys.deals() });
    if (scan.status === 'COMPLETED') toast('Scan Completed', completedMessage(scan.processedEans), 'green');
  }, [scan.status, scan.processedEans, scanId, queryClient]);

  const running = scan.status === 'PENDING' || scan.status === 'PROCESSING';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="supplier-scan-panel" data-status={scan.status}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={600}>Scan progress</Text>
            <Badge color={STATUS_COLOR[scan.status]} variant="light">{scan.status}</Badge>
          </Group>
          {!running && <CloseButton aria-label="Hide scan progress" onClick={onDismiss} />}
        </Group>
        <Progress
          value={scan.status === 'PENDING' ? 100 : percent}
          striped={running}
          animated={running}
          color={scan.status === 'ERROR' ? 'red' : scan.status === 'COMPLETED' ? 'green' : scan.status === 'PENDING' ? 'gray.4' : 'indigo'}
          size="lg"
          radius="xl"
          aria-label="Scan progress"
        />
        <Text size="sm" data-testid="supplier-scan-progress-text">
          {scan.status === 'PENDING'
            ? 'Waiting for the scan to start...'
            : `${percent}% · ${scan.processedEans.toLocaleString('en-US')} of ${scan.totalEans.toLocaleString('en-US')} EANs analyzed`}
        </Text>
        {scan.allowedEans < scan.totalEans && (
          <Text size="xs" c="orange.8">Your plan allows {scan.allowedEans.toLocaleString('en-US')} EANs in this run; only those are analyzed.</Text>
        )}
        {running && poll.isError && (
          <Text size="xs" c="dimmed">Could not reach the server; trying again in a few seconds.</Text>
        )}
        {running && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
            <Text size="xs">Matching your list against Amazon and keeping the products that meet your minimum ROI. Deals appear below as they are found.</Text>
          </Alert>
        )}
        {scan.status === 'ERROR' && (
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm">Error: {scan.error ?? 'The scan failed.'}</Text>
          </Alert>
        )}
        {scan.report && !running && <ReportSummary report={scan.report} />}
      </Stack>
    </Card>
  );
}

const REASON_LABELS: Record<string, string> = {
  missing_ean: 'No EAN',
  invalid_ean: 'Invalid EAN',
  missing_brand: 'No brand',
  invalid_price: 'Invalid price',
  duplicate_ean: 'Duplicate EAN',
  over_plan_limit: 'Over the plan limit',
  not_looked_up: 'Amazon data unavailable',
};

function ReportSummary({ report }: { report: ScanReport }) {
  const [open, { toggle }] = useDisclosure(false);
  const issues = Object.entries(report.issueCounts).filter(([, n]) => n > 0);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        <Figure label="Rows read" value={report.rowsRead} />
        <Figure label="Valid EANs" value={report.validEans} />
        <Figure label="Found on Amazon" value={report.matchedProducts} />
        <Figure label="Deals" value={report.dealsFound} />
        <Figure label="Rows not used" value={report.invalidRows + report.duplicateRows} />
      </SimpleGrid>
      {issues.length > 0 && (
        <>
          <UnstyledButton onClick={toggle}>
            <Group gap={4}>
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <Text size="sm" c="indigo">
                Rows that could not be used: {issues.map(([reason, n]) => `${REASON_LABELS[reason] ?? reason} ${n.toLocaleString('en-US')}`).join(' · ')}
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={open}>
            <Table fz="xs" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Value</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.issueSamples.map((issue) => (
                  <Table.Tr key={`${issue.line}-${issue.reason}`}>
                    <Table.Td>{issue.line}</Table.Td>
                    <Table.Td>{issue.value || '—'}</Table.Td>
                    <Table.Td>{issue.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Collapse>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={600}>{value.toLocaleString('en-US')}</Text>
    </div>
  );
}
