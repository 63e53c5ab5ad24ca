import { useState } from 'react';
import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DEFAULT_BUY_LIST_WEEKS, MAX_BUY_LIST_QUANTITY, suggestQuantity } from '@dealradar/shared/buy-list';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage, UPGRADE_FALLBACK } from '../../../lib/api-client.ts';
import { buyListSettingsQueryOptions, useAddToBuyList } from '../api/buy-list.ts';
import { suggestionText } from '../buy-list-format.ts';

/**
 * "Add to buy list" on a supplier deal: a quantity prefilled with the suggestion (the organization's weeks of the
 * seller's share, whole cases), added to the organization's buy list. Below Growth it shows the upgrade prompt.
 */
export function AddToBuyList({ deal }: { deal: DealProduct }) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const settings = useQuery({ ...buyListSettingsQueryOptions, enabled: opened });
  const forbidden = settings.error instanceof ApiError && settings.error.status === 403;
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
          data-testid="add-to-buy-list"
        >
          Add to buy list
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="add-to-buy-list-form">
        {forbidden ? (
          <Stack gap="xs" data-testid="buy-list-upgrade-prompt">
            <Text size="sm" fw={600} c="orange.8">
              Upgrade Required
            </Text>
            <Text size="sm">{(settings.error as ApiError).serverError ?? UPGRADE_FALLBACK}</Text>
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
                { dealId: deal.id, quantity: value },
                {
                  onSuccess: () => {
                    setOpened(false);
                    notifications.show({
                      title: 'Added to the buy list',
                      message: `${value.toLocaleString('en-US')} × ${deal.productName ?? deal.ean} (${deal.supplierName ?? 'supplier'})`,
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
                step={Math.max(1, deal.unitsPerPrice)}
                allowDecimal={false}
                data-testid="buy-list-quantity"
              />
              <Text size="xs" c="dimmed" data-testid="buy-list-suggestion">
                {suggestionText(suggestion, { weeks, share, unitsPerCase: deal.unitsPerPrice })}
              </Text>
              {add.error && (
                <Text size="xs" c="red">
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
