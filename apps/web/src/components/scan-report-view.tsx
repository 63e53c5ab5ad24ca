import { useState } from 'react';
import { Button, Collapse, Group, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import type { ScanReport } from '@dealradar/shared/contracts/scans';
import type { csvTemplateAnalyzerApi, supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint, errorMessage } from '../lib/api-client.ts';
import { notifyError } from '../lib/notify.ts';
import { saveBlob } from '../lib/save-blob.ts';
import { eansAnalyzed, issueSummary, layoutSummary, overPlanLimit, REPORT_DOWNLOAD_LABEL, rowsNotUsed } from '../lib/scan-report.ts';
import { formatCount, NO_VALUE } from '../lib/format.ts';

interface ScanReportViewProps {
  report: ScanReport;
  /** The call that downloads the report CSV (GET /supplier-analyzer/{id}/report or /catalog/scan/{id}/report). */
  reportCall: typeof supplierAnalyzerApi.report | typeof csvTemplateAnalyzerApi.report;
  scanId: string;
  /** Figures per row: 5 on the wide supplier panel, 2 on a CSV scan card. */
  columns?: number;
}

/**
 * What a finished scan made of its file, in one wording on both analyzers: figures, where the header was
 * found, the rows not used by reason with their line numbers, and the download of all of them as CSV. Built from the
 * report stored with the scan, so it reads the same after a reload and in the history.
 */
export function ScanReportView({ report, reportCall, scanId, columns = 5 }: ScanReportViewProps) {
  const [open, { toggle }] = useDisclosure(false);
  const [downloading, setDownloading] = useState(false);
  const summary = issueSummary(report);
  const layout = layoutSummary(report);

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await callEndpoint(reportCall, { params: { id: scanId }, timeoutMs: FILE_TRANSFER_TIMEOUT_MS });
      saveBlob(blob, `scan_report_${scanId}.csv`);
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to download the report.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="scan-report">
      {/* The plan-limit tile gets its own column on the wide panel, so 'Rows not used' does not wrap alone. */}
      <SimpleGrid cols={{ base: 2, sm: columns >= 5 && overPlanLimit(report) > 0 ? columns + 1 : columns }} spacing="xs">
        <Figure label="Rows read" value={report.rowsRead} />
        <Figure label="Valid EANs" value={report.validEans} />
        {/* Only when the plan's allowance cut the list: valid EANs − over the plan limit. */}
        {overPlanLimit(report) > 0 && <Figure label="EANs analyzed" value={eansAnalyzed(report)} />}
        <Figure label="Found on Amazon" value={report.matchedProducts} />
        <Figure label="Deals" value={report.dealsFound} />
        <Figure label="Rows not used" value={rowsNotUsed(report)} />
      </SimpleGrid>
      {layout && (
        <Text size="xs" c="dimmed">
          {layout}
        </Text>
      )}
      {summary && (
        <>
          <UnstyledButton onClick={toggle} aria-expanded={open}>
            <Group gap={4} wrap="nowrap">
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <Text size="sm" c="indigo" data-testid="scan-report-summary">
                {summary}
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={open}>
            <Table fz="xs" striped withTableBorder data-testid="scan-report-rows">
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
                    <Table.Td>{issue.value || NO_VALUE}</Table.Td>
                    <Table.Td>{issue.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {rowsNotUsed(report) > report.issueSamples.length && (
              <Text size="xs" c="dimmed" mt={4}>
                The first {report.issueSamples.length} are shown; the download lists all of them.
              </Text>
            )}
          </Collapse>
          <Group>
            <Button size="compact-xs" variant="subtle" leftSection={<IconDownload size={12} />} loading={downloading} onClick={() => void download()}>
              {REPORT_DOWNLOAD_LABEL}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div data-testid={`scan-report-figure-${label.toLowerCase().replace(/ /g, '-')}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {formatCount(value)}
      </Text>
    </div>
  );
}
