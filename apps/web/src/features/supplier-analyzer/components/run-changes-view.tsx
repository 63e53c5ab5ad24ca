import { useState } from 'react';
import { Badge, Button, Group, Loader, NumberInput, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { NO_VALUE } from '@dealradar/shared/number-format';
import { DEFAULT_PROFIT_CHANGE_THRESHOLD, MAX_PROFIT_CHANGE_THRESHOLD, type RunChangeKind } from '@dealradar/shared/rerun-diff';
import { ListTable } from '../../../components/list-table.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { downloadRunChanges, useRunChanges } from '../api/run-changes.ts';
import { formatEur } from '../deal-format.ts';
import { changeMarker, changesSummary } from '../rerun-format.ts';
import { toast } from '../toasts.ts';

const FILTERS: Array<{ value: RunChangeKind | 'all'; label: string }> = [
  { value: 'all', label: 'All changes' },
  { value: 'new', label: 'New deals' },
  { value: 'gone', label: 'Deals gone' },
  { value: 'moved', label: 'Profit moved' },
];

/**
 * A re-run's changes since the run it re-ran: the counts, the "profit moved by more than" threshold (€1.00 by
 * default), a filter by kind, each changed deal with its marker, and the CSV download of what is shown.
 */
export function RunChangesView({ scanId }: { scanId: string }) {
  const [threshold, setThreshold] = useState(DEFAULT_PROFIT_CHANGE_THRESHOLD);
  const [change, setChange] = useState<RunChangeKind | null>(null);
  const [page, setPage] = useState(1);
  const changes = useRunChanges(scanId, { threshold, change, page: page - 1 });
  const [downloading, setDownloading] = useState(false);
  const data = changes.data;

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadRunChanges(scanId, { threshold, change }), `changes_${scanId}.csv`);
    } catch (error) {
      toast('Download Failed', errorMessage(error, 'Failed to download the changes'), 'red');
    } finally {
      setDownloading(false);
    }
  };

  const countOf = (kind: RunChangeKind | 'all') => {
    if (!data) return '';
    const n = kind === 'all' ? data.counts.new + data.counts.gone + data.counts.moved : data.counts[kind];
    return ` (${n})`;
  };

  return (
    <Stack gap="sm" data-testid="run-changes">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Text fw={600}>Changes since the last run</Text>
          {data && (
            <Text size="xs" c="dimmed">
              This run ({formatDateTime(data.completedAt)}) against the run it re-ran{data.previousRunAt ? ` (${formatDateTime(data.previousRunAt)})` : ''},
              over the EANs both analyzed. Profits in EUR per unit.
            </Text>
          )}
        </Stack>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} loading={downloading} onClick={() => void download()}>
          Download changes (CSV)
        </Button>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Profit moved by more than (€)"
          min={0}
          max={MAX_PROFIT_CHANGE_THRESHOLD}
          step={0.5}
          decimalScale={2}
          value={threshold}
          onChange={(value) => {
            if (typeof value === 'number' && value >= 0 && value <= MAX_PROFIT_CHANGE_THRESHOLD) {
              setThreshold(value);
              setPage(1);
            }
          }}
          w={{ base: '100%', sm: 220 }}
          data-testid="run-changes-threshold"
        />
        <SegmentedControl
          value={change ?? 'all'}
          onChange={(value) => {
            setChange(value === 'all' ? null : (value as RunChangeKind));
            setPage(1);
          }}
          data={FILTERS.map((f) => ({ value: f.value, label: `${f.label}${countOf(f.value)}` }))}
          data-testid="run-changes-filter"
        />
        {changes.isFetching && <Loader size={14} />}
      </Group>
      {changes.isError && (
        <Text size="sm" c="red">
          {errorMessage(changes.error, 'Failed to load the changes')}
        </Text>
      )}
      {data && (
        <>
          <Text size="sm" data-testid="run-changes-summary">
            {changesSummary(data.counts, data.threshold)}
            {data.notChecked > 0 ? ` · ${data.notChecked} could not be checked today (Amazon data unavailable)` : ''}
          </Text>
          <ListTable
            headers={['Change', 'Product', 'EAN', 'ASIN', 'Profit before', 'Profit today']}
            empty="Nothing to show for this filter."
            hasRows={data.content.length > 0}
            minWidth={760}
            verticalSpacing="xs"
            testId="run-changes-table"
          >
            {data.content.map((c) => {
              const marker = changeMarker(c);
              return (
                <Table.Tr key={`${c.kind}-${c.ean}`} data-change={c.kind}>
                  <Table.Td>
                    <Badge color={marker.color} variant="light">
                      {marker.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {c.productName ?? NO_VALUE}
                    </Text>
                    {c.brand && (
                      <Text size="xs" c="dimmed">
                        {c.brand}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{c.ean}</Table.Td>
                  <Table.Td>{c.asin}</Table.Td>
                  <Table.Td>{formatEur(c.previousProfit)}</Table.Td>
                  <Table.Td>{formatEur(c.currentProfit)}</Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
          <PagePager page={page} totalPages={data.totalPages} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
