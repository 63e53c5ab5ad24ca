import { useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Box, Button, Card, Flex, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalculator, IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { moneyWithListAmountParts } from '@dealradar/shared/money';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import { isWeakRank, roiBadgeColor } from '@dealradar/shared/roi';
import { AmazonBuyBoxBadge } from '../../../components/amazon-buy-box-badge.tsx';
import { DealWarningBadges } from '../../../components/deal-warning-badges.tsx';
import { StabilityLine } from '../../../components/stability-line.tsx';
import { formatCount, formatMoney, formatPercent, NO_VALUE } from '../../../lib/format.ts';
import { favoriteCurrency, marketplaceLinks, supplierPriceConversion } from '../favorite-format.ts';
import { MoneyText } from '../../../components/money-text.tsx';
import { BuyBoxHolder } from '../../../components/buy-box-holder.tsx';
import { FavoriteBreakdownModal } from './favorite-breakdown-modal.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { ListingRestrictionBadge } from '../../../components/listing-restriction.tsx';
import { ApprovalWorthLine, SalesEstimateLine } from '../../../components/sales-estimate.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';

/**
 * One favorite (SPEC §3 'Favorite / deal product'): light red when the main rank is above 50000 or missing. Money in
 * the favorite's currency (GBP in the UK, EUR elsewhere); in the UK the wholesale price also as Qogita gives it, in
 * EUR, with the rate and its day (docs/money.md). Its profit breakdown opens from the card.
 */
export function FavoriteCard({
  favorite,
  onDelete,
  match,
  buyList,
}: {
  favorite: Favorite;
  onDelete: (favorite: Favorite) => void;
  /** The match actions, composed by the screen. */ match?: ReactNode;
  /** "Add to buy list" (docs/buy-list.md), composed by the screen. */ buyList?: ReactNode;
}) {
  const currency = favoriteCurrency(favorite.market);
  const money = (value: number) => formatMoney(value, currency);
  const weak = isWeakRank(favorite.mainCategoryRank);
  const image = favorite.imageUrl ?? favorite.amazonImageUrl ?? favorite.qogitaImageUrl;
  const supplierConversion = supplierPriceConversion(favorite);
  const [breakdownOpen, setBreakdownOpen] = useState(false);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      bg={weak ? 'red.0' : undefined}
      style={weak ? { borderColor: 'var(--mantine-color-red-2)' } : undefined}
      data-testid="favorite-card"
      data-ean={favorite.ean}
      data-asin={favorite.asin}
      data-market={favorite.market}
      data-weak-rank={weak ? 'true' : 'false'}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box w={80} h={80} style={{ flexShrink: 0 }} visibleFrom="xs">
          {image ? (
            <Image src={image} alt={favorite.productName ?? favorite.ean} w={80} h={80} fit="contain" radius="sm" bg="white" />
          ) : (
            <Stack w={80} h={80} align="center" justify="center" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <IconPhotoOff size={24} color="var(--mantine-color-gray-5)" />
            </Stack>
          )}
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" align={{ base: 'stretch', xs: 'flex-start' }} gap="xs">
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} lineClamp={2} data-testid="favorite-name">
                {favorite.productName ?? 'Unnamed product'}
              </Text>
              <Text size="xs" c="dimmed">
                <Text span fw={600} c="dark.4">
                  {favorite.brand}
                </Text>{' '}
                · EAN {favorite.ean} · ASIN {favorite.asin}
              </Text>
            </div>
            <Group gap={6} wrap="nowrap" justify="flex-end" style={{ flexShrink: 0 }}>
              <Badge variant="light" color="gray">
                {favorite.market}
              </Badge>
              <Badge size="lg" variant="filled" color={roiBadgeColor(favorite.roiPercentage)} data-testid="favorite-roi">
                ROI {formatPercent(favorite.roiPercentage)}
              </Badge>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onDelete(favorite)}
                aria-label="Delete favorite"
                title="Delete favorite"
                data-testid="delete-favorite"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Flex>
          <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs" verticalSpacing={6}>
            <Metric
              label="Supplier price"
              value={money(favorite.supplierPrice)}
              testId="favorite-supplier-price"
              extra={
                supplierConversion &&
                favorite.supplierPriceEur != null && (
                  <Text size="xs" c="dimmed" data-testid="favorite-supplier-price-eur">
                    <MoneyText parts={moneyWithListAmountParts(favorite.supplierPriceEur, supplierConversion, favorite.supplierPrice)} />
                  </Text>
                )
              }
            />
            <Metric label="Amazon price" value={money(favorite.amazonPrice)} testId="favorite-amazon-price" />
            <Metric
              label="Est. profit"
              value={money(favorite.estimatedProfit)}
              color={favorite.estimatedProfit < 0 ? 'red' : 'green.8'}
              testId="favorite-profit"
            />
            <Metric
              label="Main rank"
              value={favorite.mainCategoryRank != null ? `#${formatCount(favorite.mainCategoryRank)}` : 'No rank'}
              color={weak ? 'red.8' : undefined}
              testId="favorite-main-rank"
            />
            <Metric label="Beauty rank" value={favorite.beautyCategoryRank != null ? `#${formatCount(favorite.beautyCategoryRank)}` : NO_VALUE} />
            <Metric label="Monthly sales" value={formatCount(favorite.estimatedMonthlySales)} />
            <Metric label="Sellers" value={formatCount(favorite.numberOfSellers)} />
          </SimpleGrid>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="sm" wrap="wrap">
              <Text size="xs" c="dimmed">
                <Text span c="yellow.7">
                  ★
                </Text>{' '}
                {favorite.rating != null ? favorite.rating.toFixed(1) : NO_VALUE} ({formatCount(favorite.reviewCount)} reviews)
              </Text>
              <BuyBoxHolder market={favorite.market} sellerId={favorite.buyBoxSellerId} />
              {favorite.amazonHoldsBuyBox && <AmazonBuyBoxBadge />}
              <Text size="xs" c="dimmed">
                Found {formatDateTime(favorite.createdAt)}
              </Text>
            </Group>
            <Group gap={8} wrap="wrap" data-testid="favorite-links">
              <Button size="compact-xs" variant="light" leftSection={<IconCalculator size={12} />} onClick={() => setBreakdownOpen(true)}>
                Profit breakdown
              </Button>
              {favorite.supplierUrl && (
                <Anchor href={favorite.supplierUrl} target="_blank" rel="noopener noreferrer" size="xs">
                  {favorite.supplierName}
                </Anchor>
              )}
              {marketplaceLinks(favorite.market, favorite.asin).map((link) => (
                <ExternalLink key={link.market} href={link.url} fw={link.market === favorite.market ? 700 : 400}>
                  Amazon {link.market}
                </ExternalLink>
              ))}
            </Group>
          </Group>
          <StabilityLine share={favorite.profitableShare90} avg30={favorite.buyBoxAvg30} avg90={favorite.buyBoxAvg90} currency={currency} />
          <DealWarningBadges warnings={favorite.warnings} />
          <SalesEstimateLine estimate={favorite.salesEstimate} monthlyProfit={favorite.estimatedMonthlyProfit} currency={currency} />
          <ListingRestrictionBadge restriction={favorite.listingRestriction} checkAgain={{ asin: favorite.asin, market: favorite.market }} />
          <ApprovalWorthLine
            restriction={favorite.listingRestriction}
            estimate={favorite.salesEstimate}
            profitPerUnit={favorite.estimatedProfit}
            supplierUnitPrice={favorite.supplierPrice}
            currency={currency}
          />
          {match}
          {buyList && <Group justify="flex-end">{buyList}</Group>}
        </Stack>
      </Group>
      {/* Mounted only while open: a page shows up to 100 cards. */}
      {breakdownOpen && <FavoriteBreakdownModal favorite={favorite} onClose={() => setBreakdownOpen(false)} />}
    </Card>
  );
}

function Metric({ label, value, color, testId, extra }: { label: string; value: string; color?: string; testId?: string; extra?: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
      <Text size="sm" fw={600} c={color} data-testid={testId}>
        {value}
      </Text>
      {extra}
    </div>
  );
}
