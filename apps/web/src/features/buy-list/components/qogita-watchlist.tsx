import { Alert, Button, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { BuyList, BuyListSupplier, WatchlistLineResult } from '@dealradar/shared/contracts/buy-list';
import { formatCount } from '@dealradar/shared/number-format';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendToWatchlist } from '../api/buy-list.ts';
import { formatEur, watchlistSummary } from '../buy-list-format.ts';

const OUTCOME_TEXT: Record<WatchlistLineResult['outcome'], string> = {
  created: 'added to the watchlist',
  updated: 'watchlist item updated',
  refused: 'refused',
  skipped: 'not sent',
};

/**
 * "Send to Qogita watchlist" for one Qogita seller's group: every line goes on the buyer's Qogita watchlist with our
 * maximum buy price (at the minimum ROI) as target price and its quantity as target quantity; the answer says per line
 * what was sent and what Qogita refused. Disabled, with the server's reason, when the installation has no Qogita account.
 */
export function QogitaWatchlistPanel({ supplier, watchlist }: { supplier: BuyListSupplier; watchlist: BuyList['qogitaWatchlist'] }) {
  const send = useSendToWatchlist();
  const results = send.data?.supplierName === supplier.supplierName ? send.data.results : null;
  return (
    <Stack gap={6} data-testid="buy-list-watchlist">
      <Group gap="xs" wrap="wrap">
        <Tooltip label={watchlist.reason} disabled={watchlist.available} multiline w={300}>
          <span>
            <Button
              size="xs"
              variant="light"
              color="grape"
              leftSection={<IconEye size={14} />}
              disabled={!watchlist.available}
              loading={send.isPending}
              onClick={() => send.mutate(supplier.supplierName)}
              data-testid="buy-list-send-watchlist"
            >
              Send to Qogita watchlist
            </Button>
          </span>
        </Tooltip>
        <Text size="xs" c="dimmed">
          Target price = your maximum buy price at your minimum ROI; target quantity = the line&apos;s quantity. Qogita tells you when an offer meets both.
        </Text>
      </Group>
      {!watchlist.available && (
        <Text size="xs" c="dimmed" data-testid="buy-list-watchlist-reason">
          {watchlist.reason}
        </Text>
      )}
      {send.error && (
        <Alert color="red" variant="light" p="xs" data-testid="buy-list-watchlist-error">
          {errorMessage(send.error, 'Failed to send to the Qogita watchlist')}
        </Alert>
      )}
      {results && (
        <Alert
          color={results.some((r) => r.outcome === 'refused' || r.outcome === 'skipped') ? 'orange' : 'green'}
          variant="light"
          p="xs"
          data-testid="buy-list-watchlist-results"
        >
          <Text size="sm" fw={500} mb={4} data-testid="buy-list-watchlist-summary">
            {watchlistSummary(results)}
          </Text>
          <List size="xs" spacing={2}>
            {results.map((r) => (
              <List.Item key={r.lineId} data-testid="buy-list-watchlist-result" data-outcome={r.outcome}>
                {r.productName ?? r.ean} (EAN {r.ean}): target {formatEur(r.targetPrice)} × {formatCount(r.targetQuantity)} — {OUTCOME_TEXT[r.outcome]}
                {r.error ? `: ${r.error}` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
