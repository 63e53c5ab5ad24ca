import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { MAX_BUY_LIST_QUANTITY } from '@dealradar/shared/buy-list';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { formatCount } from '@dealradar/shared/number-format';
import { useAddDropToBuyList } from '../api/buy-list.ts';
import { BuyListPopover, planRefusal } from './buy-list-popover.tsx';

/**
 * "Add to buy list" on a Qogita price drop. The server reads the drop's Qogita offer: the line goes to the offer's
 * seller with its minimum order value; an empty quantity takes the suggestion, and no quantity goes beyond the seller's
 * stock. Below Growth the server's 403 shows the upgrade prompt.
 */
export function AddDropToBuyList({ drop, compact = false }: { drop: PriceDropItem; compact?: boolean }) {
  const [opened, setOpened] = useState(false);
  const [quantity, setQuantity] = useState<number | string>('');
  const add = useAddDropToBuyList();
  const forbidden = planRefusal(add.error);
  const value = quantity === '' ? undefined : Number(quantity);

  return (
    <BuyListPopover
      opened={opened}
      setOpened={setOpened}
      onOpen={() => {
        add.reset();
        setQuantity('');
      }}
      buttonLabel={compact ? 'Buy list' : 'Add to buy list'}
      buttonSize="compact-xs"
      ariaLabel={`Add ${drop.productName} to the buy list`}
      ids={{
        button: 'drop-add-to-buy-list',
        form: 'drop-add-to-buy-list-form',
        quantity: 'drop-buy-list-quantity',
        add: 'drop-buy-list-add',
        error: 'drop-buy-list-error',
      }}
      forbidden={forbidden}
      quantity={quantity}
      setQuantity={setQuantity}
      placeholder="suggested"
      hint={
        <>
          Empty: the suggestion (weeks of your share; one unit without an estimate). The supplier is the seller of the cheapest Qogita offer, with its minimum
          order value; the quantity never exceeds that seller&apos;s stock
          {drop.stock === null ? '' : ` (about ${formatCount(drop.stock)} on Qogita)`}.
        </>
      }
      error={forbidden ? null : add.error}
      pending={add.isPending}
      valid={value === undefined || (Number.isInteger(value) && value >= 1 && value <= MAX_BUY_LIST_QUANTITY)}
      onAdd={() =>
        add.mutate(
          { priceDropId: drop.id, ...(value === undefined ? {} : { quantity: value }) },
          {
            onSuccess: (list) => {
              setOpened(false);
              const line = list.suppliers.flatMap((s) => s.lines.map((l) => ({ s, l }))).find((x) => x.l.priceDropId === drop.id);
              notifications.show({
                title: 'Added to the buy list',
                message: line ? `${formatCount(line.l.quantity)} × ${drop.productName} (${line.s.supplierName})` : drop.productName,
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
