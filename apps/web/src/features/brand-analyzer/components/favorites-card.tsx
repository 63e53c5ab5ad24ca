import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Center, Group, Loader, Pagination, Stack, Text, Title, useMatches } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconStar, IconTrash } from '@tabler/icons-react';
import { groupBrandsByCategory } from '@dealradar/shared/brand-categories';
import type { Favorite, FavoriteSortBy } from '@dealradar/shared/contracts/brand-analyzer';
import { useDeleteAllFavorites } from '../api/delete-all-favorites.ts';
import { useDeleteFavorite } from '../api/delete-favorite.ts';
import { useBrands } from '../api/get-brands.ts';
import { useFavorites } from '../api/get-favorites.ts';
import { downloadFavorites, favoritesFileName } from '../api/download-favorites.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useMarkets } from '../api/get-markets.ts';
import { DEFAULT_FAVORITE_SORT, defaultFavoriteOrder } from '../favorite-format.ts';
import { FavoriteCard } from './favorite-card.tsx';
import { FavoritesFilters, type FavoriteFilterState } from './favorites-filters.tsx';
import { SellerAccountDealsNote } from '../../../components/listing-restriction.tsx';
import { fileNameDay } from '../../../lib/date-format.ts';
import { formatCount } from '../../../lib/format.ts';

export const LOAD_FAVORITES_ERROR = 'Failed to load favorites';
export const DELETE_ALL_ERROR = 'Failed to delete all favorites';
export const DELETE_ONE_ERROR = 'Failed to delete favorite';
export const DOWNLOAD_ERROR = 'Failed to download favorites';

const initialFilters = (): FavoriteFilterState => ({
  brands: [],
  markets: [],
  sortBy: DEFAULT_FAVORITE_SORT,
  sortOrder: defaultFavoriteOrder(DEFAULT_FAVORITE_SORT),
  hideAmazonBuyBox: false,
  hideWarnings: [],
  minProfitableShare: null,
  listingRestriction: null,
  minMonthlyProfit: null,
  minUnitsPerMonth: null,
});

/** Favorites (SPEC §2): filters, sort, Refresh, Clear Filter, Delete All / delete one with confirmation, pages of 100. */
export function FavoritesCard({
  onError,
  renderMatch,
  renderBuyList,
}: {
  onError: (message: string) => void;
  /** The match actions of a favorite card, composed by the screen. */ renderMatch?: (favorite: Favorite) => ReactNode;
  /** "Add to buy list" of a favorite card (docs/buy-list.md), composed by the screen. */ renderBuyList?: (favorite: Favorite) => ReactNode;
}) {
  const [filters, setFilters] = useState<FavoriteFilterState>(initialFilters);
  const [page, setPage] = useState(1);
  const favorites = useFavorites({ ...filters, page: page - 1 });
  const brands = useBrands();
  const markets = useMarkets();
  const deleteOne = useDeleteFavorite();
  const deleteAll = useDeleteAllFavorites();
  // Phone: smaller page buttons so the pager stays on one line (1 2 3 4 5 … 9 and the arrows).
  const paginationSize = useMatches({ base: 'sm', sm: 'md' });

  useEffect(() => {
    if (favorites.isError) onError(LOAD_FAVORITES_ERROR);
  }, [favorites.isError, onError]);

  const content = favorites.data?.content ?? [];
  const totalPages = favorites.data?.totalPages ?? 0;
  const totalElements = favorites.data?.totalElements ?? 0;
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const brandOptions = useMemo(
    () => groupBrandsByCategory([...(brands.data ?? []), ...filters.brands]).map((g) => ({ group: g.category, items: g.brands })),
    [brands.data, filters.brands],
  );
  const marketOptions = useMemo(() => (markets.data ?? []).map((m) => ({ value: m.id, label: m.name })), [markets.data]);

  const changeFilters = (patch: Partial<FavoriteFilterState>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const changeSortBy = (sortBy: FavoriteSortBy) => changeFilters({ sortBy, sortOrder: defaultFavoriteOrder(sortBy) });

  const [downloading, setDownloading] = useState(false);
  /** Every favorite with the filters and order on screen, as CSV (with Amazon's listing answer). */
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadFavorites(filters), favoritesFileName(fileNameDay()));
    } catch {
      onError(DOWNLOAD_ERROR);
    } finally {
      setDownloading(false);
    }
  };

  const confirmDeleteAll = () =>
    modals.openConfirmModal({
      title: 'Delete all favorites?',
      centered: true,
      children: <Text size="sm">All {formatCount(totalElements)} favorites will be removed. This cannot be undone.</Text>,
      labels: { confirm: 'Delete All', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-all' } as Record<string, unknown>,
      onConfirm: () =>
        deleteAll.mutate(undefined, {
          onSuccess: () => setPage(1),
          onError: () => onError(DELETE_ALL_ERROR),
        }),
    });

  const confirmDelete = (favorite: Favorite) =>
    modals.openConfirmModal({
      title: 'Delete favorite?',
      centered: true,
      children: (
        <Text size="sm">
          Remove <b>{favorite.productName ?? favorite.ean}</b> ({favorite.market}) from your favorites?
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-favorite' } as Record<string, unknown>,
      onConfirm: () => deleteOne.mutate(favorite.id, { onError: () => onError(DELETE_ONE_ERROR) }),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="favorites-card">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <IconStar size={20} color="var(--mantine-color-yellow-6)" />
            <Title order={4}>Favorites</Title>
            <Badge variant="light" data-testid="favorites-total">
              {formatCount(totalElements)}
            </Badge>
            {favorites.isFetching && !favorites.isPending && <Loader size={14} />}
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void download()}
              disabled={totalElements === 0}
              loading={downloading}
              data-testid="favorites-download"
            >
              Download CSV
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={confirmDeleteAll}
              disabled={totalElements === 0}
              loading={deleteAll.isPending}
            >
              Delete All
            </Button>
          </Group>
        </Group>
        <FavoritesFilters
          value={filters}
          brandOptions={brandOptions}
          marketOptions={marketOptions}
          onChange={changeFilters}
          onSortByChange={changeSortBy}
          onRefresh={() => void favorites.refetch()}
          onClear={() => {
            setFilters(initialFilters());
            setPage(1);
          }}
          refreshing={favorites.isFetching && !favorites.isPending}
        />
        <Text size="xs" c="dimmed">
          Products that reached your minimum ROI in a brand scan, one per product and market; a later scan refreshes them. UK prices in GBP, other markets in
          EUR. Cards with a main rank above 50,000 or without a rank are highlighted.
        </Text>
        <SellerAccountDealsNote />
        {favorites.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : content.length === 0 ? (
          <Stack align="center" gap={4} py="xl" data-testid="favorites-empty">
            <Text fw={600}>No favorites found</Text>
            <Text size="sm" c="dimmed">
              Start a scan to find deals.
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            {content.map((favorite) => (
              <FavoriteCard
                key={favorite.id}
                favorite={favorite}
                onDelete={confirmDelete}
                match={renderMatch?.(favorite)}
                buyList={renderBuyList?.(favorite)}
              />
            ))}
          </Stack>
        )}
        {totalPages > 1 && (
          <Group justify="center">
            <Pagination total={totalPages} value={page} onChange={setPage} size={paginationSize} data-testid="favorites-pagination" />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
