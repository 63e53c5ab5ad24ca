import { Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AmazonFeeChoice, AmazonFeeEstimate } from '@dealradar/shared/contracts/amazon-fees';
import { amazonFeesApi } from '@dealradar/shared/contracts/endpoints/amazon-fees';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import type { ProfitBreakdown } from '@dealradar/shared/contracts/scans';
import { formatMoney } from '@dealradar/shared/money';
import { callEndpoint } from '../lib/api-client.ts';
import { endpointQuery, extendKey, queryKeyOf } from '../lib/endpoint-query.ts';
import { formatPercent } from '../lib/format.ts';

const sellerAccountQuery = endpointQuery(sellerAccountApi.get);

/**
 * The listing of an opened breakdown: its ASIN, market, the EAN it was found for (the server finds the listing's buy box
 * and prices our fee rules there through it) and the breakdown the API sent.
 */
export interface FeeComparisonListing {
  asin: string;
  market: string;
  ean?: string;
  breakdown: ProfitBreakdown;
}

/**
 * "Amazon's fee estimate" in the profit breakdown (docs/seller-account.md): for an organization with a connected
 * seller account, Amazon's referral, FBA, closing and Digital Services fees at the buy-box price beside ours, a mark
 * when the totals differ by more than €0.05 (or the market's equivalent), and the choice of which to use for this
 * listing with the profit each gives. Without a connected account one line hints at it; without an Amazon application
 * on the install, nothing.
 */
export function AmazonFeeComparison({ listing }: { listing: FeeComparisonListing }) {
  const account = useQuery(sellerAccountQuery);
  if (!account.data?.configured) return null;
  if (!account.data.connected) {
    return (
      <Text size="xs" c="dimmed" data-testid="amazon-fees-hint">
        Connect your Amazon seller account in Settings to see Amazon&apos;s own fee estimate beside ours.
      </Text>
    );
  }
  return <Comparison listing={listing} />;
}

function Comparison({ listing }: { listing: FeeComparisonListing }) {
  const client = useQueryClient();
  const body = { asin: listing.asin, market: listing.market, ean: listing.ean, breakdown: listing.breakdown };
  const key = extendKey({ queryKey: queryKeyOf(amazonFeesApi.estimate) }, listing.asin, listing.market, listing.breakdown.price, listing.breakdown.profit);
  const estimate = useQuery({ queryKey: key.queryKey, queryFn: () => callEndpoint(amazonFeesApi.estimate, { body }), staleTime: 60_000 });
  const choose = useMutation({
    mutationFn: (choice: AmazonFeeChoice) => callEndpoint(amazonFeesApi.choose, { body: { asin: listing.asin, market: listing.market, choice } }),
    onSuccess: (answer) => client.setQueryData<AmazonFeeEstimate>(key.queryKey, (old) => (old ? { ...old, choice: answer.choice } : old)),
  });
  if (estimate.isPending) {
    return (
      <Text size="xs" c="dimmed" data-testid="amazon-fees-loading">
        Asking Amazon for its fee estimate…
      </Text>
    );
  }
  if (estimate.isError) {
    return (
      <Text size="xs" c="red" data-testid="amazon-fees-message">
        Amazon&apos;s fee estimate could not be shown: {(estimate.error as Error).message}
      </Text>
    );
  }
  const e = estimate.data;
  if (e.status !== 'ESTIMATED' || !e.amazon) {
    return (
      <Text size="xs" c="dimmed" data-testid="amazon-fees-message" data-status={e.status}>
        Amazon&apos;s fee estimate: {e.message}
      </Text>
    );
  }
  const money = (v: number | null) => formatMoney(v, e.currency);
  const rows: Array<[string, number, number]> = [
    ['Referral fee', e.ours.referralFee, e.amazon.referralFee],
    ['FBA fee', e.ours.fbaFee, e.amazon.fbaFee],
    ['Closing fee', e.ours.closingFee, e.amazon.closingFee],
    ['Digital Services Fee', e.ours.digitalServicesFee, e.amazon.digitalServicesFee],
  ];
  if (e.amazon.otherFees) rows.push(['Other fees', 0, e.amazon.otherFees]);
  const chosenProfit = e.choice === 'AMAZON' ? e.profitWithAmazon : e.profitWithRules;
  const chosenRoi = e.choice === 'AMAZON' ? e.roiWithAmazon : e.roiWithRules;
  return (
    <Stack gap={6} data-testid="amazon-fees" data-marked={e.marked ? 'true' : 'false'}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Amazon&apos;s fee estimate
        </Text>
        {e.marked ? (
          <Badge color="orange" variant="filled" size="sm" data-testid="amazon-fees-mark">
            Differs by {e.difference! > 0 ? '+' : '−'}
            {money(Math.abs(e.difference!))}
          </Badge>
        ) : (
          <Badge color="green" variant="light" size="sm" data-testid="amazon-fees-agree">
            Agrees within {money(e.threshold)}
          </Badge>
        )}
      </Group>
      <Table fz="sm" verticalSpacing={3} data-testid="amazon-fees-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fee (before VAT on fees)</Table.Th>
            <Table.Th ta="right">Our fee rules</Table.Th>
            <Table.Th ta="right">Amazon</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, ours, amazon]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {money(ours)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {money(amazon)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr data-testid="amazon-fees-total">
            <Table.Td fw={700}>Total</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700}>
              {money(e.ours.total)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700} c={e.marked ? 'orange.8' : undefined}>
              {money(e.amazon.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Amazon&apos;s estimate for your seller account at {money(e.price)}
        {e.estimatedAt ? ` on ${e.estimatedAt.slice(0, 10)}` : ''}
        {e.cached ? ' (kept for a day)' : ''}.
      </Text>
      {(e.marked || e.choice === 'AMAZON') && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">Use for this listing:</Text>
          <SegmentedControl
            size="xs"
            data-testid="amazon-fees-choice"
            value={e.choice}
            disabled={choose.isPending}
            onChange={(value) => choose.mutate(value as AmazonFeeChoice)}
            data={[
              { value: 'RULES', label: 'Our fee rules' },
              { value: 'AMAZON', label: "Amazon's estimate" },
            ]}
          />
        </Group>
      )}
      {choose.isError && (
        <Text size="xs" c="red">
          {(choose.error as Error).message}
        </Text>
      )}
      {chosenProfit !== null && (
        <Group justify="space-between" data-testid="amazon-fees-profit" data-choice={e.choice}>
          <Text size="sm">Profit with {e.choice === 'AMAZON' ? "Amazon's estimate" : 'our fee rules'}</Text>
          <Text size="sm" fw={700} ff="monospace" c={chosenProfit < 0 ? 'red' : 'green.8'}>
            {money(chosenProfit)}
            {chosenRoi !== null ? ` · ROI ${formatPercent(chosenRoi * 100)}` : ''}
          </Text>
        </Group>
      )}
      {e.choice === 'AMAZON' && (
        <Text size="xs" c="dimmed">
          Your organization uses Amazon&apos;s estimate for this listing: the next scan, refresh or re-evaluation computes its profit with it.
        </Text>
      )}
    </Stack>
  );
}
