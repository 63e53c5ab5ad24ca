import { useState } from 'react';
import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DEFAULT_BUY_LIST_WEEKS, MAX_BUY_LIST_QUANTITY, suggestQuantity } from '@dealradar/shared/buy-list';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import { buyListApi } from '@dealradar/shared/contracts/endpoints/buy-list';
import { paths } from '../../../config/paths.ts';
import { ApiError, callEndpoint, errorMessage, UPGRADE_FALLBACK } from '../../../lib/api-client.ts';
import { buyListQueryOptions, buyListSettingsQueryOptions } from '../api/buy-list.ts';
import { suggestionText } from '../buy-list-format.ts';

/** POST /buy-list/favorites: the answer (the whole list) replaces the cached one. */
function useAddFavoriteToBuyList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { favoriteId: string; quantity: number }) => callEndpoint(buyListApi.addFavorite, { body: vars, silent403: true }),
    onSuccess: (list) => client.setQueryData(buyListQueryOptions.queryKey, list),
  });
}

/**
 * "Add to buy list" on a brand favorite (docs/buy-list.md "Brand favorites"): a quantity prefilled with the suggestion
 * (the organization's weeks of the favorite's share); the server puts it in the group of the product's Qogita offer
 * seller, with that offer's minimum order value, and cuts the quantity to the seller's stock. Below Growth the upgrade
 * prompt.
 */
export function AddFavoriteToBuyList({ favorite }: { favorite: Favorite }) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const settings = useQuery({ ...buyListSettingsQueryOptions, enabled: opened });
  const add = useAddFavoriteToBuyList();
  const forbidden = (settings.error instanceof ApiError && settings.error.status === 403) || (add.error instanceof ApiError && add.error.status === 403);
  const forbiddenError = (settings.error ?? add.error) as ApiError | null;
  const weeks = settings.data?.weeks ?? DEFAULT_BUY_LIST_WEEKS;
  const share = favorite.salesEstimate?.sellerUnitsPerMonth ?? null;
  const suggestion = suggestQuantity({
    sellerUnitsPerMonth: share,
    weeks,
    numberOfPacks: favorite.breakdown?.numberOfPacks ?? 1,
    unitsPerCase: 1,
    stock: null,
  });
  const [quantity, setQuantity] = useState<number | string>('');
  const value = quantity === '' ? suggestion.quantity : Number(quantity);
  const valid = Number.isInteger(value) && value >= 1 && value <= MAX_BUY_LIST_QUANTITY;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={320}
      position="bottom-end"
      withArrow
      trapFocus
      onOpen={() => {
        add.reset();
        setQuantity('');
      }}
    >
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="light"
          color="teal"
          leftSection={<IconShoppingCartPlus size={14} />}
          onClick={() => setOpened((o) => !o)}
          aria-label={`Add ${favorite.productName ?? favorite.ean} to the buy list`}
          data-testid="favorite-add-to-buy-list"
        >
          Add to buy list
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="favorite-add-to-buy-list-form">
        {forbidden ? (
          <Stack gap="xs" data-testid="buy-list-upgrade-prompt">
            <Text size="sm" fw={600} c="orange.8">
              Upgrade Required
            </Text>
            <Text size="sm">{forbiddenError?.serverError ?? UPGRADE_FALLBACK}</Text>
            <Button size="xs" onClick={() => navigate(paths.subscription)}>
              Upgrade Now
            </Button>
          </Stack>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!valid) return;
              add.mutate(
                { favoriteId: favorite.id, quantity: value },
                {
                  onSuccess: (list) => {
                    setOpened(false);
                    const line = list.suppliers
                      .flatMap((s) => s.lines.map((l) => ({ l, s })))
                      .find((x) => x.l.ean === favorite.ean && x.l.market === favorite.market);
                    notifications.show({
                      title: 'Added to the buy list',
                      message: `${value.toLocaleString('en-US')} × ${favorite.productName ?? favorite.ean} (${line?.s.supplierName ?? 'Qogita'})`,
                      color: 'green',
                      autoClose: 4000,
                    });
                  },
                },
              );
            }}
          >
            <Stack gap="xs">
              <NumberInput
                label="Quantity (units)"
                value={quantity === '' ? suggestion.quantity : quantity}
                onChange={setQuantity}
                min={1}
                max={MAX_BUY_LIST_QUANTITY}
                allowDecimal={false}
                data-testid="buy-list-quantity"
              />
              <Text size="xs" c="dimmed" data-testid="buy-list-suggestion">
                {suggestionText(suggestion, { weeks, share, unitsPerCase: 1 })} Bought from the Qogita seller of the cheapest offer with stock, at most its
                stock.
              </Text>
              {add.error && !forbidden && (
                <Text size="xs" c="red" data-testid="buy-list-add-error">
                  {errorMessage(add.error, 'Failed to add to the buy list')}
                </Text>
              )}
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                  Cancel
                </Button>
                <Button size="xs" type="submit" loading={add.isPending} disabled={!valid} data-testid="buy-list-add">
                  Add
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
