import { ActionIcon, Badge, Group, Select, Text, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconRefresh } from '@tabler/icons-react';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { priceDropsApi } from '@dealradar/shared/contracts/endpoints/price-drops';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import { isMarketId, type MarketId } from '@dealradar/shared/markets';
import {
  LISTING_RESTRICTION_LABELS,
  type ListingRestriction,
  type ListingRestrictionFilter,
  type ListingRestrictionStatus,
} from '@dealradar/shared/contracts/seller-account';
import { callEndpoint } from '../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../lib/endpoint-query.ts';
import { ExternalLink } from './external-link.tsx';
import { formatCount } from '../lib/format.ts';

/**
 * Amazon's answer to "may I sell it?" for the organization's connected seller account, on deal cards and in
 * the profit breakdown; the deals list's filter and its one line (checks still running, or the hint to connect).
 * Shared components: the deals feature renders them, the seller-account feature owns the connection.
 */
const COLORS: Record<ListingRestrictionStatus, string> = {
  CAN_SELL: 'green',
  APPROVAL_REQUIRED: 'yellow',
  NOT_ELIGIBLE: 'red',
  NOT_CHECKED: 'gray',
  CHECKING: 'gray',
};

const TIPS: Record<ListingRestrictionStatus, string> = {
  CAN_SELL: 'Amazon says your seller account can list this product (new condition) in this market.',
  APPROVAL_REQUIRED: 'Amazon requires approval before your seller account can list this product here.',
  NOT_ELIGIBLE: 'Amazon says your seller account cannot list this product in this market.',
  NOT_CHECKED: 'Not checked with Amazon.',
  CHECKING: 'Being checked with Amazon right now.',
};

function tipOf(restriction: ListingRestriction): string {
  return restriction.reason ?? TIPS[restriction.status];
}

/** The product a badge is about: "check again" asks Amazon about this ASIN in this market. */
export interface ListingCheckTarget {
  asin: string;
  market: string;
}

/** The badge (and Amazon's approval link) of one deal; nothing without a connected seller account. */
export function ListingRestrictionBadge({
  restriction,
  checkAgain,
}: {
  restriction: ListingRestriction | null | undefined;
  /** Offers "check again" (Amazon asked at once, whatever is cached) for this ASIN and market. */
  checkAgain?: ListingCheckTarget;
}) {
  if (!restriction) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="listing-restriction" data-status={restriction.status}>
      <Tooltip label={tipOf(restriction)} multiline w={280}>
        <Badge color={COLORS[restriction.status]} variant="light" size="sm">
          {LISTING_RESTRICTION_LABELS[restriction.status]}
        </Badge>
      </Tooltip>
      {checkAgain && isMarketId(checkAgain.market) && restriction.status !== 'CHECKING' && (
        <CheckAgainButton asin={checkAgain.asin} market={checkAgain.market} />
      )}
      {restriction.approvalUrl && (
        <ExternalLink href={restriction.approvalUrl} size="xs">
          Request approval on Amazon
        </ExternalLink>
      )}
    </Group>
  );
}

/**
 * "Check again": POST /seller-account/listing-checks for the ASIN in its market; the lists reload and show
 * "Checking…" until Amazon answered (they poll while any card or drop row is being checked).
 */
function CheckAgainButton({ asin, market }: { asin: string; market: MarketId }) {
  const client = useQueryClient();
  const check = useMutation({
    mutationFn: () => callEndpoint(sellerAccountApi.checkAgain, { body: { asin, markets: [market] } }),
    // Every list that can show this listing's badge reads its answer again (deals, favorites, price drops, the dashboard).
    onSettled: () =>
      invalidateCalls(
        client,
        brandAnalyzerApi.favorites,
        supplierAnalyzerApi.results,
        priceDropsApi.list,
        priceDropsApi.hotDeals,
        priceDropsApi.recentDrops,
        priceDropsApi.profit,
        sellerAccountApi.get,
      ),
  });
  const label = check.isError ? `Could not check again: ${(check.error as Error).message}` : 'Check again with Amazon now';
  return (
    <Tooltip label={label} multiline w={260}>
      <ActionIcon
        variant="subtle"
        color={check.isError ? 'red' : 'gray'}
        size="sm"
        onClick={() => check.mutate()}
        loading={check.isPending}
        aria-label="Check again with Amazon"
        data-testid="listing-check-again"
      >
        <IconRefresh size={14} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The profit breakdown's line: "Can you sell it? …" with Amazon's reason. */
export function ListingRestrictionLine({ restriction }: { restriction: ListingRestriction | null | undefined }) {
  if (!restriction) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="breakdown-listing-restriction">
      <Text size="sm">Can you sell it?</Text>
      <ListingRestrictionBadge restriction={restriction} />
      {restriction.reason && (
        <Text size="xs" c="dimmed">
          {restriction.reason}
        </Text>
      )}
    </Group>
  );
}

const sellerAccountQuery = endpointQuery(sellerAccountApi.get);
const CHECKS_POLL_MS = 4_000;

/** The filter "only what I can sell" / "hide not eligible"; shown only with a connected seller account. */
export function ListingRestrictionFilterSelect({
  value,
  onChange,
}: {
  value: ListingRestrictionFilter | null;
  onChange: (value: ListingRestrictionFilter | null) => void;
}) {
  const account = useQuery(sellerAccountQuery);
  if (!account.data?.connected && !value) return null;
  return (
    <Select
      label="Can I sell it?"
      data={[
        { value: 'sellable', label: 'Only what I can sell' },
        { value: 'hideNotEligible', label: 'Hide not eligible' },
      ]}
      value={value}
      placeholder="Every deal"
      onChange={(v) => onChange(v === 'sellable' || v === 'hideNotEligible' ? v : null)}
      clearable
      w={{ base: '100%', sm: 200 }}
      data-testid="deal-filter-listing-restriction"
    />
  );
}

/** One line above the deals: how many are still being checked, or the hint to connect the seller account. */
export function SellerAccountDealsNote() {
  const account = useQuery({
    ...sellerAccountQuery,
    refetchInterval: (query) => ((query.state.data?.pendingChecks ?? 0) > 0 ? CHECKS_POLL_MS : false),
  });
  const data = account.data;
  if (!data) return null;
  if (data.connected && data.status === 'NEEDS_RECONNECT') {
    return (
      <Text size="xs" c="orange.8" data-testid="seller-account-deals-note">
        Amazon no longer accepts your seller account&apos;s authorization: connect it again in Settings to see which deals you can sell.
      </Text>
    );
  }
  if (data.connected && data.pendingChecks > 0) {
    return (
      <Text size="xs" c="dimmed" data-testid="seller-account-deals-note">
        Checking with Amazon whether you can sell {formatCount(data.pendingChecks)} {data.pendingChecks === 1 ? 'deal' : 'deals'}…
      </Text>
    );
  }
  if (!data.connected && data.configured) {
    return (
      <Text size="xs" c="dimmed" data-testid="seller-account-deals-note">
        Connect your Amazon seller account in Settings to see which deals you can sell.
      </Text>
    );
  }
  return null;
}
