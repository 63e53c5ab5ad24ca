import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ListingRestriction } from '@dealradar/shared/contracts/seller-account';
import type { SalesEstimateWire } from '@dealradar/shared/contracts/sales-estimate';
import {
  approvalWorth,
  approvalWorthText,
  DEFAULT_UNGATING_INVOICE_UNITS,
  estimateMoney,
  sellerShareText,
  type SalesEstimate,
} from '@dealradar/shared/sales-estimate';
import { ungatingInvoiceQueryOptions } from '../lib/ungating-invoice.ts';
import { NO_VALUE } from '../lib/format.ts';

/**
 * The sales estimate of a deal (docs/sales-estimate.md): units a month with their basis, the seller's share and the
 * estimated monthly profit, always marked as an estimate; and "Is approval worth it?" for a deal that needs approval.
 */
const BASIS_TIPS: Record<SalesEstimateWire['basis'], string> = {
  monthlySold: 'Amazon\'s "bought in past month" figure: a floor, the listing sold at least this many.',
  rankDrops30: 'How often the sales rank fell in the last 30 days: each fall is roughly one sale (fast sellers are under-counted).',
  rankDrops90: 'Sales-rank falls of the last 90 days ÷ 3: each fall is roughly one sale (fast sellers are under-counted).',
  rank: 'From the sales rank by an approximate rank-to-sales curve for this store: the roughest basis, it may be off by half or more.',
};

export interface SalesEstimateProps {
  estimate: SalesEstimateWire | null | undefined;
  /** The seller's share × profit per unit a month, in `currency`. */
  monthlyProfit: number | null | undefined;
  /** The currency of the monthly profit (EUR for supplier deals, the market's for favorites). */
  currency?: string;
}

/** The deal card's line: "Est. ≥ 300 bought last month · ≈ 75 units/month your share · ≈ €180/month". */
export function SalesEstimateLine({ estimate, monthlyProfit, currency = 'EUR' }: SalesEstimateProps) {
  if (!estimate) {
    return (
      <Text size="xs" c="dimmed" data-testid="sales-estimate" data-basis="none">
        Sales estimate: no sales data for this listing
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap" data-testid="sales-estimate" data-basis={estimate.basis}>
      <Tooltip label={BASIS_TIPS[estimate.basis]} multiline w={300}>
        <Badge size="sm" variant="light" color="grape">
          Estimate
        </Badge>
      </Tooltip>
      <Text size="xs" data-testid="sales-estimate-basis">
        Sales {estimate.basisText}
      </Text>
      <Text size="xs" c="dimmed">
        ·
      </Text>
      <Text size="xs" data-testid="sales-estimate-share">
        {estimate.sellerUnitsPerMonth === null
          ? 'no FBA estimate (Amazon holds the buy box)'
          : `your share ≈ ${shareUnits(estimate.sellerUnitsPerMonth)}/month`}
      </Text>
      {monthlyProfit != null && (
        <>
          <Text size="xs" c="dimmed">
            ·
          </Text>
          <Text size="xs" fw={600} c={monthlyProfit < 0 ? 'red' : 'green.8'} data-testid="sales-estimate-profit">
            ≈ {estimateMoney(monthlyProfit, currency)}/month profit
          </Text>
        </>
      )}
    </Group>
  );
}

const shareUnits = (units: number) => `${units < 10 ? units.toFixed(1) : Math.round(units)} units`;

/** The profit breakdown's section "Sales estimate (estimate)". */
export function SalesEstimateRows({ estimate, monthlyProfit, currency = 'EUR' }: SalesEstimateProps) {
  return (
    <Stack gap={4} data-testid="breakdown-sales-estimate">
      <Group gap={6}>
        <Text size="sm" fw={600}>
          Sales estimate
        </Text>
        <Badge size="xs" variant="light" color="grape">
          Estimate
        </Badge>
      </Group>
      {!estimate ? (
        <Text size="xs" c="dimmed">
          No sales data for this listing (no &quot;bought last month&quot; figure, no rank drops, no rank).
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={2}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Units a month (all sellers)</Table.Td>
              <Table.Td ta="right" data-testid="breakdown-sales-basis">
                {estimate.basisText}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Your share</Table.Td>
              <Table.Td ta="right" data-testid="breakdown-sales-share">
                {sellerShareText(estimate as SalesEstimate)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Estimated monthly profit</Table.Td>
              <Table.Td ta="right" fw={600} data-testid="breakdown-monthly-profit">
                {monthlyProfit == null ? NO_VALUE : `≈ ${estimateMoney(monthlyProfit, currency)}/month`}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {estimate && (
        <Text size="xs" c="dimmed">
          {BASIS_TIPS[estimate.basis]} Your share = units × (1 − Amazon&apos;s buy-box share) ÷ (FBA offers + you); profit = share × profit per unit.
        </Text>
      )}
    </Stack>
  );
}

/**
 * "Is approval worth it?" for a deal whose listing needs Amazon's approval: what approval would earn a month beside
 * what an ungating invoice (the Settings units at the supplier price) costs. Nothing for other deals.
 */
export function ApprovalWorthLine({
  restriction,
  estimate,
  profitPerUnit,
  supplierUnitPrice,
  currency = 'EUR',
  testId = 'approval-worth',
}: {
  restriction: ListingRestriction | null | undefined;
  estimate: SalesEstimateWire | null | undefined;
  /** Per unit sold, in `currency`. */
  profitPerUnit: number | null;
  /** Per unit bought, in `currency`. */
  supplierUnitPrice: number | null;
  /** The currency of the profit and the supplier price (EUR for supplier deals). */
  currency?: string;
  testId?: string;
}) {
  const setting = useQuery({ ...ungatingInvoiceQueryOptions, enabled: restriction?.status === 'APPROVAL_REQUIRED' });
  if (restriction?.status !== 'APPROVAL_REQUIRED') return null;
  const units = setting.data?.units ?? DEFAULT_UNGATING_INVOICE_UNITS;
  const worth = approvalWorth({ estimate: (estimate ?? null) as SalesEstimate | null, profitPerUnit, supplierUnitPrice, invoiceUnits: units });
  return (
    <Text size="xs" c="yellow.9" data-testid={testId}>
      {approvalWorthText(worth, (estimate ?? null) as SalesEstimate | null, currency)}
    </Text>
  );
}
