import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, Group, Image, Rating, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalculator, IconPhotoOff } from '@tabler/icons-react';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { getMarket } from '@dealradar/shared/markets';
import { moneyWithListAmountParts } from '@dealradar/shared/money';
import { isWeakRank, roiBadgeColor } from '@dealradar/shared/roi';
import { AmazonBuyBoxBadge } from '../../../components/amazon-buy-box-badge.tsx';
import { DealWarningBadges } from '../../../components/deal-warning-badges.tsx';
import { ListingRestrictionBadge } from '../../../components/listing-restriction.tsx';
import { ApprovalWorthLine, SalesEstimateLine } from '../../../components/sales-estimate.tsx';
import { MarketComparisonLine } from './market-comparison-line.tsx';
import { StabilityLine } from '../../../components/stability-line.tsx';
import { casePriceNote, dealConversion, formatCount, formatEur, formatPercent, formatRoiThreshold, NO_VALUE, packNote } from '../deal-format.ts';
import { MoneyText } from '../../../components/money-text.tsx';
import { BuyBoxHolder } from '../../../components/buy-box-holder.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';

/**
 * One High ROI deal with every field of SPEC §3 'Favorite / deal product' (money in EUR, SPEC §9). A deal of a market
 * with another currency shows the market's own price and profit beside the euro figures, with the rate and its day,
 * exactly as its breakdown does (docs/money.md).
 */
export function DealCard({
  deal,
  onShowBreakdown,
  match,
  buyList,
}: {
  deal: DealProduct;
  onShowBreakdown: (deal: DealProduct) => void;
  /** The match actions, composed by the screen. */ match?: ReactNode;
  /** "Add to buy list" (docs/buy-list.md), composed by the screen. */ buyList?: ReactNode;
}) {
  const image = deal.amazonImageUrl ?? deal.imageUrl ?? deal.qogitaImageUrl;
  const market = getMarket(deal.market);
  const conversion = dealConversion(deal);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="deal-card" data-ean={deal.ean} data-market={deal.market}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box w={72} h={72} style={{ flexShrink: 0 }} visibleFrom="sm">
          {image ? (
            <Image src={image} alt={deal.productName ?? deal.ean} w={72} h={72} fit="contain" radius="sm" />
          ) : (
            <Stack w={72} h={72} align="center" justify="center" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <IconPhotoOff size={24} color="var(--mantine-color-gray-5)" />
            </Stack>
          )}
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="sm">
            <div style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Text fw={600} lineClamp={2} data-testid="deal-name">
                {deal.productName ?? 'Unnamed product'}
              </Text>
              <Text size="xs" c="dimmed">
                <Text span fw={600} c="dark.4" data-testid="deal-brand">
                  {deal.brand ?? 'Unknown brand'}
                </Text>{' '}
                · EAN {deal.ean} · ASIN {deal.asin}
                {deal.supplierName ? ` · ${deal.supplierName}` : ''}
              </Text>
            </div>
            <Stack gap={2} align="flex-end" style={{ flexShrink: 0, marginLeft: 'auto' }}>
              <Badge size="lg" color={roiBadgeColor(deal.roiPercentage)} variant="filled" data-testid="deal-roi">
                ROI {formatPercent(deal.roiPercentage)}
              </Badge>
              <Text size="sm" fw={700} c={deal.estimatedProfit !== null && deal.estimatedProfit < 0 ? 'red' : 'green.8'} data-testid="deal-profit">
                {formatEur(deal.estimatedProfit)} profit
              </Text>
              {conversion && (
                <Text size="xs" c="dimmed" ta="right" data-testid="deal-profit-market">
                  <MoneyText parts={moneyWithListAmountParts(deal.breakdown.profit, conversion)} />
                </Text>
              )}
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" verticalSpacing={6}>
            <Metric
              label={deal.unitsPerPrice > 1 ? 'Unit cost' : 'Supplier price'}
              value={formatEur(deal.supplierPrice)}
              hint={casePriceNote(deal) ?? undefined}
              testId="deal-supplier-price"
              hintTestId="deal-case-price"
            />
            <Metric
              label="Amazon price"
              value={formatEur(deal.amazonPrice)}
              testId="deal-amazon-price"
              hint={packNote(deal.breakdown.numberOfPacks) ?? undefined}
              hintTestId="deal-pack-count"
              extra={
                conversion && (
                  <Text size="xs" c="dimmed" data-testid="deal-amazon-price-market">
                    <MoneyText parts={moneyWithListAmountParts(deal.breakdown.price, conversion)} />
                  </Text>
                )
              }
            />
            <Metric label="Max buy price" value={formatEur(deal.maxBuyPrice)} hint={`for ${formatRoiThreshold(deal.minRoi)} ROI`} testId="deal-max-buy-price" />
            <Metric
              label="Sales rank"
              value={formatCount(deal.mainCategoryRank)}
              hint={deal.beautyCategoryRank ? `Beauty #${formatCount(deal.beautyCategoryRank)}` : undefined}
              warn={isWeakRank(deal.mainCategoryRank)}
              testId="deal-rank"
            />
            <Metric label="Monthly sales" value={formatCount(deal.estimatedMonthlySales)} />
            <Metric label="Sellers" value={formatCount(deal.numberOfSellers)} />
          </SimpleGrid>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="sm" wrap="wrap">
              <Badge variant="light" color="gray" title={market.name}>
                {deal.market}
              </Badge>
              <Group gap={4}>
                <Rating value={deal.rating ?? 0} fractions={2} readOnly size="xs" />
                <Text size="xs" c="dimmed">
                  {deal.rating != null ? deal.rating.toFixed(1) : NO_VALUE} ({formatCount(deal.reviewCount)} reviews)
                </Text>
              </Group>
              <BuyBoxHolder market={deal.market} sellerId={deal.buyBoxSellerId} />
              {deal.amazonHoldsBuyBox && <AmazonBuyBoxBadge />}
              <Tooltip label={`Expires ${formatDateTime(deal.expiresAt)}`}>
                <Text size="xs" c="dimmed">
                  Found {formatDateTime(deal.createdAt)}
                </Text>
              </Tooltip>
            </Group>
            <Group gap="xs">
              <Button size="compact-sm" variant="light" leftSection={<IconCalculator size={14} />} onClick={() => onShowBreakdown(deal)}>
                Profit breakdown
              </Button>
              {buyList}
              <ExternalLink href={deal.marketplaceUrl} size="sm">
                View on Amazon
              </ExternalLink>
            </Group>
          </Group>
          {deal.marketComparison && <MarketComparisonLine comparison={deal.marketComparison} />}
          <StabilityLine share={deal.profitableShare90} avg30={deal.buyBoxAvg30} avg90={deal.buyBoxAvg90} currency="EUR" />
          <DealWarningBadges warnings={deal.warnings} />
          <SalesEstimateLine estimate={deal.salesEstimate} monthlyProfit={deal.estimatedMonthlyProfit} />
          <ListingRestrictionBadge restriction={deal.listingRestriction} checkAgain={{ asin: deal.asin, market: deal.market }} />
          <ApprovalWorthLine
            restriction={deal.listingRestriction}
            estimate={deal.salesEstimate}
            profitPerUnit={deal.estimatedProfit}
            supplierUnitPrice={deal.supplierPrice}
          />
          {match}
        </Stack>
      </Group>
    </Card>
  );
}

function Metric({
  label,
  value,
  hint,
  warn,
  testId,
  hintTestId,
  extra,
}: {
  label: string;
  value: string;
  hint?: string;
  warn?: boolean;
  testId?: string;
  hintTestId?: string;
  /** A second line under the value (the market's own amount, docs/money.md). */
  extra?: ReactNode;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
      <Text size="sm" fw={600} c={warn ? 'orange.8' : undefined} data-testid={testId}>
        {value}
      </Text>
      {extra}
      {hint && (
        <Text size="xs" c="dimmed" data-testid={hintTestId}>
          {hint}
        </Text>
      )}
    </div>
  );
}
