import type { ReactNode } from 'react';
import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MAX_BUY_LIST_QUANTITY } from '@dealradar/shared/buy-list';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage, UPGRADE_FALLBACK } from '../../../lib/api-client.ts';

/** The test ids of one "Add to buy list" (deal, favorite, drop): the browser tests address each by its own. */
export interface BuyListPopoverIds {
  button: string;
  form: string;
  quantity: string;
  add: string;
  error: string;
}

/**
 * The popover every "Add to buy list" opens: a quantity, a line saying what the quantity means, the server's refusal,
 * Cancel / Add; below Growth (a 403 of the settings or of the add) the upgrade prompt instead. The caller owns the
 * quantity and what Add sends.
 */
export function BuyListPopover(props: {
  opened: boolean;
  setOpened: (opened: boolean) => void;
  onOpen: () => void;
  buttonLabel: string;
  buttonSize?: 'compact-sm' | 'compact-xs';
  ariaLabel?: string;
  ids: BuyListPopoverIds;
  /** A 403 that stands for "not on this plan". */
  forbidden: ApiError | null;
  quantity: number | string;
  setQuantity: (value: number | string) => void;
  placeholder?: string;
  step?: number;
  hint: ReactNode;
  error: unknown;
  pending: boolean;
  valid: boolean;
  onAdd: () => void;
}) {
  const navigate = useNavigate();
  const { opened, setOpened, ids } = props;
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" withArrow trapFocus onOpen={props.onOpen}>
      <Popover.Target>
        <Button
          size={props.buttonSize ?? 'compact-sm'}
          variant="light"
          color="teal"
          leftSection={<IconShoppingCartPlus size={14} />}
          onClick={() => setOpened(!opened)}
          aria-label={props.ariaLabel}
          data-testid={ids.button}
        >
          {props.buttonLabel}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid={ids.form}>
        {props.forbidden ? (
          <Stack gap="xs" data-testid="buy-list-upgrade-prompt">
            <Text size="sm" fw={600} c="orange.8">
              Upgrade Required
            </Text>
            <Text size="sm">{props.forbidden.serverError ?? UPGRADE_FALLBACK}</Text>
            <Button size="xs" onClick={() => navigate(paths.subscription)}>
              Upgrade Now
            </Button>
          </Stack>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (props.valid) props.onAdd();
            }}
          >
            <Stack gap="xs">
              <NumberInput
                label="Quantity (units)"
                placeholder={props.placeholder}
                value={props.quantity}
                onChange={props.setQuantity}
                min={1}
                max={MAX_BUY_LIST_QUANTITY}
                step={props.step}
                allowDecimal={false}
                data-testid={ids.quantity}
              />
              <Text size="xs" c="dimmed" data-testid="buy-list-suggestion">
                {props.hint}
              </Text>
              {props.error ? (
                <Text size="xs" c="red" data-testid={ids.error}>
                  {errorMessage(props.error, 'Failed to add to the buy list')}
                </Text>
              ) : null}
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                  Cancel
                </Button>
                <Button size="xs" type="submit" loading={props.pending} disabled={!props.valid} data-testid={ids.add}>
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

/** The 403 among these errors, if any: the caller is not on a plan with the buy list. */
export function planRefusal(...errors: unknown[]): ApiError | null {
  return (errors.find((e) => e instanceof ApiError && e.status === 403) as ApiError | undefined) ?? null;
}
