import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_BUY_LIST_WEEKS, MAX_BUY_LIST_QUANTITY, suggestQuantity } from '@dealradar/shared/buy-list';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import { buyListApi } from '@dealradar/shared/contracts/endpoints/buy-list';
import { formatCount } from '@dealradar/shared/number-format';
import { callEndpoint } from '../../../lib/api-client.ts';
import { buyListQueryOptions, buyListSettingsQueryOptions } from '../api/buy-list.ts';
import { suggestionText } from '../buy-list-format.ts';
import { BuyListPopover, planRefusal } from './buy-list-popover.tsx';

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
  const [opened, setOpened] = useState(false);
  const settings = useQuery({ ...buyListSettingsQueryOptions, enabled: opened });
  const add = useAddFavoriteToBuyList();
  const forbidden = planRefusal(settings.error, add.error);
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

  return (
    <BuyListPopover
      opened={opened}
      setOpened={setOpened}
      onOpen={() => {
        add.reset();
        setQuantity('');
      }}
      buttonLabel="Add to buy list"
      ariaLabel={`Add ${favorite.productName ?? favorite.ean} to the buy list`}
      ids={{
        button: 'favorite-add-to-buy-list',
        form: 'favorite-add-to-buy-list-form',
        quantity: 'buy-list-quantity',
        add: 'buy-list-add',
        error: 'buy-list-add-error',
      }}
      forbidden={forbidden}
      quantity={quantity === '' ? suggestion.quantity : quantity}
      setQuantity={setQuantity}
      hint={`${suggestionText(suggestion, { weeks, share, unitsPerCase: 1 })} Bought from the Qogita seller of the cheapest offer with stock, at most its stock.`}
      error={forbidden ? null : add.error}
      pending={add.isPending}
      valid={Number.isInteger(value) && value >= 1 && value <= MAX_BUY_LIST_QUANTITY}
      onAdd={() =>
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
                message: `${formatCount(value)} × ${favorite.productName ?? favorite.ean} (${line?.s.supplierName ?? 'Qogita'})`,
                color: 'green',
                autoClose: 4000,
              });
            },
          },
        )
      }
    />
  );
}
