import { useState } from 'react';
import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MAX_BUY_LIST_QUANTITY } from '@dealradar/shared/buy-list';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage, UPGRADE_FALLBACK } from '../../../lib/api-client.ts';
import { useAddDropToBuyList } from '../api/buy-list.ts';

/**
 * "Add to buy list" on a Qogita price drop. The server reads the drop's Qogita offer: the line goes to the offer's
 * seller with its minimum order value; an empty quantity takes the suggestion, and no quantity goes beyond the seller's
 * stock. Below Growth the server's 403 shows the upgrade prompt.
 */
export function AddDropToBuyList({ drop, compact = false }: { drop: PriceDropItem; compact?: boolean }) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [quantity, setQuantity] = useState<number | string>('');
  const add = useAddDropToBuyList();
  const forbidden = add.error instanceof ApiError && add.error.status === 403;
  const value = quantity === '' ? undefined : Number(quantity);
  const valid = value === undefined || (Number.isInteger(value) && value >= 1 && value <= MAX_BUY_LIST_QUANTITY);

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
          size="compact-xs"
          variant="light"
          color="teal"
          leftSection={<IconShoppingCartPlus size={14} />}
          onClick={() => setOpened((o) => !o)}
          aria-label={`Add ${drop.productName} to the buy list`}
          data-testid="drop-add-to-buy-list"
        >
          {compact ? 'Buy list' : 'Add to buy list'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="drop-add-to-buy-list-form">
        {forbidden ? (
          <Stack gap="xs" data-testid="buy-list-upgrade-prompt">
            <Text size="sm" fw={600} c="orange.8">
              Upgrade Required
            </Text>
            <Text size="sm">{(add.error as ApiError).serverError ?? UPGRADE_FALLBACK}</Text>
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
                { priceDropId: drop.id, ...(value === undefined ? {} : { quantity: value }) },
                {
                  onSuccess: (list) => {
                    setOpened(false);
                    const line = list.suppliers.flatMap((s) => s.lines.map((l) => ({ s, l }))).find((x) => x.l.priceDropId === drop.id);
                    notifications.show({
                      title: 'Added to the buy list',
                      message: line ? `${line.l.quantity.toLocaleString('en-US')} × ${drop.productName} (${line.s.supplierName})` : drop.productName,
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
                placeholder="suggested"
                value={quantity}
                onChange={setQuantity}
                min={1}
                max={MAX_BUY_LIST_QUANTITY}
                allowDecimal={false}
                data-testid="drop-buy-list-quantity"
              />
              <Text size="xs" c="dimmed">
                Empty: the suggestion (weeks of your share; one unit without an estimate). The supplier is the seller of the cheapest Qogita offer, with its
                minimum order value; the quantity never exceeds that seller&apos;s stock
                {drop.stock === null ? '' : ` (about ${drop.stock.toLocaleString('en-US')} on Qogita)`}.
              </Text>
              {add.error && !forbidden && (
                <Text size="xs" c="red" data-testid="drop-buy-list-error">
                  {errorMessage(add.error, 'Failed to add to the buy list')}
                </Text>
              )}
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                  Cancel
                </Button>
                <Button size="xs" type="submit" loading={add.isPending} disabled={!valid} data-testid="drop-buy-list-add">
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
