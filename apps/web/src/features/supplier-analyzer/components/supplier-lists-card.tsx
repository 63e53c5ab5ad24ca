import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Card, CloseButton, Group, Loader, Modal, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCoins, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { SupplierList, RerunResponse } from '@dealradar/shared/contracts/supplier-lists';
import { formatCount } from '@dealradar/shared/number-format';
import { estimateSentence } from '../../../components/keepa-token-estimate.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/date-format.ts';
import { useDeleteSupplierList, useSupplierLists, useRerunEstimate, useRerunList } from '../api/supplier-lists.ts';
import { partialScanMessage } from '../scan-progress.ts';
import { allowanceSentence, changesShort, type EanAllowance } from '../rerun-format.ts';
import { toast } from '../toasts.ts';
import { RunChangesView } from './run-changes-view.tsx';

const EMPTY = 'No kept lists yet: the list of every completed supplier scan appears here.';

/** A list's name: its file, or 'Typed products' for a manual entry (its scans' deals name the supplier 'Manual entry'). */
function listName(list: Pick<SupplierList, 'fileName' | 'source'> | undefined): string {
  if (!list) return '';
  return list.source === 'manual' ? 'Typed products' : list.fileName;
}

/**
 * The confirmation before a re-run: the list's name and market, how many EANs it scans, what that takes from
 * the month's EAN uploads, and the expected Keepa tokens when the data source charges them.
 */
function RerunConfirmModal({
  list,
  allowance,
  starting,
  onConfirm,
  onClose,
}: {
  list: SupplierList | null;
  allowance: EanAllowance | undefined;
  starting: boolean;
  onConfirm: (list: SupplierList) => void;
  onClose: () => void;
}) {
  const estimate = useRerunEstimate(list?.scanId ?? null);
  const eans = estimate.data?.eans ?? list?.totalEans ?? 0;
  const allowanceText = list ? allowanceSentence(eans, allowance) : null;
  return (
    <Modal opened={!!list} onClose={onClose} title="Re-run this list?" centered>
      {list && (
        <Stack gap="sm" data-testid="rerun-confirm">
          <Text size="sm" data-testid="rerun-confirm-list">
            <b>{listName(list)}</b> ({list.allMarkets ? 'All markets' : list.market}): {formatCount(eans)} EANs against today&apos;s Amazon data, with the same
            columns, market and minimum ROI.
          </Text>
          {allowanceText && (
            <Text size="sm" data-testid="rerun-confirm-allowance">
              {allowanceText}
            </Text>
          )}
          <Group gap={6} wrap="nowrap" data-testid="rerun-confirm-tokens">
            <IconCoins size={16} color="var(--mantine-color-dimmed)" />
            <Text size="sm" c={estimate.isError ? 'dimmed' : undefined}>
              {estimate.isPending
                ? 'Estimating the Keepa tokens this re-run needs…'
                : estimate.isError
                  ? errorMessage(estimate.error, 'The Keepa token cost could not be estimated.')
                  : estimateSentence(estimate.data)}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button leftSection={<IconRefresh size={14} />} loading={starting} onClick={() => onConfirm(list)} data-testid="confirm-rerun">
              Re-run
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Supplier lists (titled "Kept supplier lists"): each completed supplier scan's list, kept for the plan's retention, with "Re-run"
 * (a new scan of the same list, mapping and minimum ROI against today's Amazon data, after a confirmation) and, for a
 * re-run, its changes.
 */
export function SupplierListsCard({ onRerunStarted, allowance }: { onRerunStarted: (answer: RerunResponse) => void; allowance?: EanAllowance }) {
  const [confirming, setConfirming] = useState<SupplierList | null>(null);
  const [page, setPage] = useState(1);
  const lists = useSupplierLists(page - 1);
  const rerun = useRerunList();
  const remove = useDeleteSupplierList();
  const [shownChanges, setShownChanges] = useState<string | null>(null);
  const data = lists.data;

  const start = (list: SupplierList) =>
    rerun.mutate(list.scanId, {
      onSettled: () => setConfirming(null),
      onSuccess: (answer) => {
        const partial = partialScanMessage(answer);
        if (partial) toast('Re-run Started (Partial)', partial, 'orange');
        else toast('Re-run Started', `Re-running ${listName(list)} against today's Amazon data (${formatCount(answer.totalEans)} EANs).`, 'blue');
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

  const confirmDelete = (list: SupplierList) =>
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
  const rows = data?.content ?? [];
  // The pieces of one list, shown as a table row from the sm breakpoint up and as a block on a phone.
  const nameOf = (list: SupplierList) => (
    <div>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {listName(list)}
      </Text>
      {list.rerunOf && (
        <Text size="xs" c="dimmed">
          Re-run{list.previousRunAt ? ` of the run of ${formatDateTime(list.previousRunAt)}` : ''}
        </Text>
      )}
    </div>
  );
  const marketOf = (list: SupplierList) => (list.allMarkets ? 'All markets' : list.market);
  const eansOf = (list: SupplierList) =>
    list.analyzedEans < list.totalEans ? `${formatCount(list.analyzedEans)} of ${formatCount(list.totalEans)}` : formatCount(list.totalEans);
  const changesOf = (list: SupplierList) =>
    list.changes ? (
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
    );
  const actionsOf = (list: SupplierList) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        loading={rerun.isPending && rerun.variables === list.scanId}
        disabled={rerun.isPending}
        onClick={() => setConfirming(list)}
      >
        Re-run
      </Button>
      <Tooltip label="Delete this list">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete the list ${listName(list)}`} onClick={() => confirmDelete(list)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="supplier-lists-card">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={4}>Kept supplier lists</Title>
          <Badge variant="light" data-testid="supplier-lists-total">
            {formatCount(total)}
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
          <>
            <Box visibleFrom="sm">
              <ListTable
                headers={['List', 'Market', 'Finished', 'EANs', 'Deals', 'Changes', 'Kept until', '']}
                empty={EMPTY}
                hasRows={rows.length > 0}
                minWidth={880}
                testId="supplier-lists-table"
              >
                {rows.map((list) => (
                  <Table.Tr key={list.scanId} data-scan-id={list.scanId}>
                    <Table.Td>{nameOf(list)}</Table.Td>
                    <Table.Td>{marketOf(list)}</Table.Td>
                    <Table.Td>{formatDateTime(list.completedAt)}</Table.Td>
                    <Table.Td>{eansOf(list)}</Table.Td>
                    <Table.Td>{formatCount(list.dealsFound)}</Table.Td>
                    <Table.Td>{changesOf(list)}</Table.Td>
                    <Table.Td>{formatDate(list.keptUntil)}</Table.Td>
                    <Table.Td>{actionsOf(list)}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </Box>
            {/* On a phone each list is a block of its own, every field and button on screen (no sideways scroll). */}
            {rows.length > 0 && (
              <Stack gap="xs" hiddenFrom="sm" data-testid="supplier-lists-phone">
                {rows.map((list) => (
                  <Paper key={list.scanId} withBorder radius="md" p="sm" data-scan-id={list.scanId} data-testid="supplier-list-item">
                    <Stack gap={6}>
                      {nameOf(list)}
                      <Text size="xs" c="dimmed">
                        {marketOf(list)} · finished {formatDateTime(list.completedAt)} · kept until {formatDate(list.keptUntil)}
                      </Text>
                      <Text size="sm">
                        {eansOf(list)} EANs · {formatCount(list.dealsFound)} {list.dealsFound === 1 ? 'deal' : 'deals'}
                      </Text>
                      <Group justify="space-between" gap="xs">
                        {changesOf(list)}
                        {actionsOf(list)}
                      </Group>
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            )}
          </>
        )}
        <PagePager page={page} totalPages={data?.totalPages} onChange={setPage} />
        <RerunConfirmModal list={confirming} allowance={allowance} starting={rerun.isPending} onConfirm={start} onClose={() => setConfirming(null)} />
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
