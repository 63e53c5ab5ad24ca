import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import type { DealProduct, DownloadFormat } from '@dealradar/shared/contracts/scans';
import { formatCount } from '@dealradar/shared/number-format';
import { DownloadMenuButton } from '../../../components/download-menu-button.tsx';
import { SellerAccountDealsNote } from '../../../components/listing-restriction.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { fileNameDay } from '../../../lib/date-format.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { dealsFileName, downloadDeals } from '../api/download-deals.ts';
import { useClearDeals } from '../api/clear-deals.ts';
import { useDeals } from '../api/get-deals.ts';
import { DEFAULT_DEAL_SORT, defaultOrderFor, type DealSortBy } from '../deal-sort.ts';
import { toast } from '../toasts.ts';
import { DealCard } from './deal-card.tsx';
import { DealFilters, type DealFilterState } from './deal-filters.tsx';
import { ProfitBreakdownModal } from './profit-breakdown-modal.tsx';

/** High ROI Deals: filters, sort, order, pages of 100, refreshed every 4 s, Clear All (SPEC §2). */
export function DealsPanel({
  renderMatch,
  renderBuyList,
}: {
  /** The match actions of a deal card, composed by the screen. */ renderMatch?: (deal: DealProduct) => ReactNode;
  /** "Add to buy list" of a deal card (docs/buy-list.md), composed by the screen. */ renderBuyList?: (deal: DealProduct) => ReactNode;
} = {}) {
  const [filters, setFilters] = useState<DealFilterState>({
    brands: [],
    markets: [],
    sortBy: DEFAULT_DEAL_SORT,
    sortOrder: defaultOrderFor(DEFAULT_DEAL_SORT),
    hideAmazonBuyBox: false,
    hideWarnings: [],
    minProfitableShare: null,
    listingRestriction: null,
    minMonthlyProfit: null,
    minUnitsPerMonth: null,
  });
  const [page, setPage] = useState(1);
  const [breakdownDeal, setBreakdownDeal] = useState<DealProduct | null>(null);
  const deals = useDeals({ ...filters, page: page - 1 });
  const clear = useClearDeals();
  const [downloading, setDownloading] = useState(false);

  const download = async (format: DownloadFormat) => {
    setDownloading(true);
    try {
      const blob = await downloadDeals(filters, format);
      saveBlob(blob, dealsFileName(fileNameDay(), format));
    } catch (error) {
      toast('Download Failed', errorMessage(error, 'Failed to download the deals'), 'red');
    } finally {
      setDownloading(false);
    }
  };

  // SPEC §8: when the results cannot be loaded the list empties and the page goes back to 1.
  useEffect(() => {
    if (deals.isError) setPage(1);
  }, [deals.isError]);

  const content = deals.isError ? [] : (deals.data?.content ?? []);
  const totalPages = deals.isError ? 0 : (deals.data?.totalPages ?? 0);
  const totalElements = deals.isError ? 0 : (deals.data?.totalElements ?? 0);
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const brandSuggestions = useMemo(() => {
    const names = new Set(filters.brands);
    for (const deal of content) if (deal.brand) names.add(deal.brand);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [content, filters.brands]);

  const changeFilters = (patch: Partial<DealFilterState>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const changeSortBy = (sortBy: DealSortBy) => changeFilters({ sortBy, sortOrder: defaultOrderFor(sortBy) });

  const confirmClear = () =>
    modals.openConfirmModal({
      title: 'Clear all deals?',
      centered: true,
      children: <Text size="sm">Every deal found by your supplier scans will be removed. This cannot be undone.</Text>,
      labels: { confirm: 'Clear All', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-clear-deals' } as Record<string, unknown>,
      onConfirm: () =>
        clear.mutate(undefined, {
          onSuccess: () => {
            setPage(1);
            toast('Deals cleared', 'All deals were removed.', 'green');
          },
          onError: () => toast('Error', 'Failed to clear deals', 'red'),
        }),
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={4}>High ROI Deals</Title>
            <Badge variant="light" data-testid="deals-total">
              {formatCount(totalElements)}
            </Badge>
            {deals.isFetching && !deals.isPending && <Loader size={14} />}
          </Group>
          <Group gap="xs">
            <DownloadMenuButton label="Download deals" loading={downloading} disabled={totalElements === 0} onDownload={(format) => void download(format)} />
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={confirmClear}
              disabled={totalElements === 0}
              loading={clear.isPending}
            >
              Clear All
            </Button>
          </Group>
        </Group>
        <DealFilters value={filters} brandSuggestions={brandSuggestions} onChange={changeFilters} onSortByChange={changeSortBy} />
        <Text size="xs" c="dimmed">
          Deals meet your minimum ROI and expire 24 hours after they were found. Prices in EUR; an all-markets deal compares its markets in your region&apos;s
          currency.
        </Text>
        <SellerAccountDealsNote />
        {deals.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : content.length === 0 ? (
          <Center py={48} style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}>
            <Text c="dimmed">No deals found.</Text>
          </Center>
        ) : (
          <Stack gap="sm" data-testid="deals-list">
            {content.map((deal) => (
              <DealCard key={deal.id} deal={deal} onShowBreakdown={setBreakdownDeal} match={renderMatch?.(deal)} buyList={renderBuyList?.(deal)} />
            ))}
          </Stack>
        )}
        {totalPages > 1 && (
          <Group justify="center">
            <Pagination value={page} onChange={setPage} total={totalPages} />
          </Group>
        )}
      </Stack>
      <ProfitBreakdownModal deal={breakdownDeal} onClose={() => setBreakdownDeal(null)} />
    </Card>
  );
}
