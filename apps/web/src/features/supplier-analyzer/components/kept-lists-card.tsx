import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, CloseButton, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import type { KeptList, RerunResponse } from '@dealradar/shared/contracts/supplier-lists';
import { ListTable } from '../../../components/list-table.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/date-format.ts';
import { useDeleteKeptList, useKeptLists, useRerunList } from '../api/kept-lists.ts';
import { partialScanMessage } from '../scan-progress.ts';
import { changesShort } from '../rerun-format.ts';
import { toast } from '../toasts.ts';
import { RunChangesView } from './run-changes-view.tsx';

/** A list's name: its file, or 'Typed products' for a manual entry (its scans' deals name the supplier 'Manual entry'). */
function listName(list: Pick<KeptList, 'fileName' | 'source'> | undefined): string {
  if (!list) return '';
  return list.source === 'manual' ? 'Typed products' : list.fileName;
}

/**
 * Kept supplier lists (issue 17): each completed supplier scan's list, kept for the plan's retention, with "Re-run"
 * (a new scan of the same list, mapping and minimum ROI against today's Amazon data) and, for a re-run, its changes.
 */
export function KeptListsCard({ onRerunStarted }: { onRerunStarted: (answer: RerunResponse) => void }) {
  const [page, setPage] = useState(1);
  const lists = useKeptLists(page - 1);
  const rerun = useRerunList();
  const remove = useDeleteKeptList();
  const [shownChanges, setShownChanges] = useState<string | null>(null);
  const data = lists.data;

  const start = (list: KeptList) =>
    rerun.mutate(list.scanId, {
      onSuccess: (answer) => {
        const partial = partialScanMessage(answer);
        if (partial) toast('Re-run Started (Partial)', partial, 'orange');
        else toast('Re-run Started', `Re-running ${listName(list)} against today's Amazon data (${answer.totalEans.toLocaleString('en-US')} EANs).`, 'blue');
        onRerunStarted(answer);
      },
      onError: (error) => {
        // A 403 (EAN uploads used up, or the list's retention passed) has its one 'Upgrade Required' notice (SPEC §8).
        if (error instanceof ApiError && error.status === 403) {
          void lists.refetch();
          return;
        }
        toast('Error', errorMessage(error, 'Failed to start scan'), 'red');
      },
    });

  const confirmDelete = (list: KeptList) =>
    modals.openConfirmModal({
      title: 'Delete this list?',
      centered: true,
      children: (
        <Text size="sm">
          <b>{listName(list)}</b> ({list.allMarkets ? 'All markets' : list.market}, {formatDateTime(list.completedAt)}) will no longer be kept and cannot be
          re-run. Its deals stay until they expire.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-list' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(list.scanId, {
          onSuccess: () => {
            if (shownChanges === list.scanId) setShownChanges(null);
          },
          onError: (error) => toast('Error', errorMessage(error, 'Failed to delete the list'), 'red'),
        }),
    });

  const total = data?.totalElements ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="kept-lists-card">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={4}>Kept supplier lists</Title>
          <Badge variant="light" data-testid="kept-lists-total">
            {total.toLocaleString('en-US')}
          </Badge>
          {lists.isFetching && !lists.isPending && <Loader size={14} />}
        </Group>
        <Text size="xs" c="dimmed">
          {data ? `Your plan keeps each list ${data.retentionDays} days after its scan. ` : ''}Re-run a list to scan it again against today&apos;s Amazon data
          with the same columns, market and minimum ROI; the re-run shows what changed since the last run. A re-run counts against your EAN uploads like an
          upload.
        </Text>
        {lists.isPending ? (
          <Loader size="sm" />
        ) : (
          <ListTable
            headers={['List', 'Market', 'Finished', 'EANs', 'Deals', 'Changes', 'Kept until', '']}
            empty="No kept lists yet: the list of every completed supplier scan appears here."
            hasRows={(data?.content.length ?? 0) > 0}
            minWidth={880}
            testId="kept-lists-table"
          >
            {data?.content.map((list) => (
              <Table.Tr key={list.scanId} data-scan-id={list.scanId}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {listName(list)}
                  </Text>
                  {list.rerunOf && (
                    <Text size="xs" c="dimmed">
                      Re-run{list.previousRunAt ? ` of the run of ${formatDateTime(list.previousRunAt)}` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{list.allMarkets ? 'All markets' : list.market}</Table.Td>
                <Table.Td>{formatDateTime(list.completedAt)}</Table.Td>
                <Table.Td>
                  {list.analyzedEans < list.totalEans
                    ? `${list.analyzedEans.toLocaleString('en-US')} of ${list.totalEans.toLocaleString('en-US')}`
                    : list.totalEans.toLocaleString('en-US')}
                </Table.Td>
                <Table.Td>{list.dealsFound.toLocaleString('en-US')}</Table.Td>
                <Table.Td>
                  {list.changes ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => setShownChanges(shownChanges === list.scanId ? null : list.scanId)}
                      aria-expanded={shownChanges === list.scanId}
                    >
                      {changesShort(list.changes)}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      First run
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(list.keptUntil)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRefresh size={14} />}
                      loading={rerun.isPending && rerun.variables === list.scanId}
                      disabled={rerun.isPending}
                      onClick={() => start(list)}
                    >
                      Re-run
                    </Button>
                    <Tooltip label="Delete this list">
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete the list ${listName(list)}`} onClick={() => confirmDelete(list)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
        <PagePager page={page} totalPages={data?.totalPages} onChange={setPage} />
        {shownChanges && (
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb="xs">
              <Text size="sm" c="dimmed">
                {listName(data?.content.find((l) => l.scanId === shownChanges))}
              </Text>
              <CloseButton aria-label="Hide the changes" onClick={() => setShownChanges(null)} />
            </Group>
            <RunChangesView key={shownChanges} scanId={shownChanges} />
          </Paper>
        )}
      </Stack>
    </Card>
  );
}
