import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_BUY_LIST_WEEKS, MAX_BUY_LIST_QUANTITY, suggestQuantity } from '@dealradar/shared/buy-list';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { formatCount } from '@dealradar/shared/number-format';
import { buyListSettingsQueryOptions, useAddToBuyList } from '../api/buy-list.ts';
import { suggestionText } from '../buy-list-format.ts';
import { BuyListPopover, planRefusal } from './buy-list-popover.tsx';

/**
 * "Add to buy list" on a supplier deal: a quantity prefilled with the suggestion (the organization's weeks of the
 * seller's share, whole cases), added to the organization's buy list. Below Growth it shows the upgrade prompt.
 */
export function AddToBuyList({ deal }: { deal: DealProduct }) {
  const [opened, setOpened] = useState(false);
  const settings = useQuery({ ...buyListSettingsQueryOptions, enabled: opened });
  const weeks = settings.data?.weeks ?? DEFAULT_BUY_LIST_WEEKS;
  const share = deal.salesEstimate?.sellerUnitsPerMonth ?? null;
  const suggestion = suggestQuantity({
    sellerUnitsPerMonth: share,
    weeks,
    numberOfPacks: deal.breakdown.numberOfPacks,
    unitsPerCase: deal.unitsPerPrice,
    stock: null,
  });
  const [quantity, setQuantity] = useState<number | string>('');
  const add = useAddToBuyList();
  const value = quantity === '' ? suggestion.quantity : Number(quantity);
  const forbidden = planRefusal(settings.error, add.error);

  return (
    <BuyListPopover
      opened={opened}
      setOpened={setOpened}
      onOpen={() => {
        add.reset();
        setQuantity('');
      }}
      buttonLabel="Add to buy list"
      ids={{ button: 'add-to-buy-list', form: 'add-to-buy-list-form', quantity: 'buy-list-quantity', add: 'buy-list-add', error: 'buy-list-add-error' }}
      forbidden={forbidden}
      quantity={quantity === '' ? suggestion.quantity : quantity}
      setQuantity={setQuantity}
      step={Math.max(1, deal.unitsPerPrice)}
      hint={suggestionText(suggestion, { weeks, share, unitsPerCase: deal.unitsPerPrice })}
      error={forbidden ? null : add.error}
      pending={add.isPending}
      valid={Number.isInteger(value) && value >= 1 && value <= MAX_BUY_LIST_QUANTITY}
      onAdd={() =>
        add.mutate(
          { dealId: deal.id, quantity: value },
          {
            onSuccess: () => {
              setOpened(false);
              notifications.show({
                title: 'Added to the buy list',
                message: `${formatCount(value)} × ${deal.productName ?? deal.ean} (${deal.supplierName ?? 'supplier'})`,
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
