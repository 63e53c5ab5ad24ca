import { useEffect } from 'react';
import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { PlanChangePreview, SubscriptionTier } from '@dealradar/shared/contracts/plans';
import { formatMoney } from '@dealradar/shared/money';
import type { TierName } from '@dealradar/shared/tiers';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/date-format.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { useChangePlan, usePreviewPlanChange } from '../api/manage-subscription.ts';
import { formatEuro, planDifferences } from '../plan-rules.ts';

/** When the change happens and what it costs, in words, from Paddle's preview. */
export function changeTimingText(preview: PlanChangePreview): string[] {
  const lines = [`Your plan changes from ${preview.fromTier} to ${preview.toTier} as soon as Paddle confirms it, usually within a minute.`];
  if (preview.now && preview.now.amount > 0) {
    const amount = formatMoney(preview.now.amount, preview.currency);
    lines.push(
      preview.now.action === 'charge'
        ? `Paddle charges ${amount} now for the rest of this billing period on ${preview.toTier} (prorated to the minute).`
        : `Paddle credits ${amount} to your balance now for the unused part of ${preview.fromTier}; it pays your next invoices.`,
    );
  }
  if (preview.next) {
    lines.push(
      preview.next.amount === null
        ? `Your next regular payment is on ${formatDate(preview.next.at)}.`
        : `From ${formatDate(preview.next.at)} you pay ${formatMoney(preview.next.amount, preview.currency)} per billing period.`,
    );
  }
  return lines;
}

/**
 * "Change to this plan": asks Paddle for a preview first, shows what changes (limits and features)
 * and when (now, with the prorated charge or credit, and the next payment), then asks the server to change the plan.
 * Nothing changes here until Paddle's webhook confirms it: the screen then polls the status.
 */
export function ChangePlanModal({
  current,
  target,
  onClose,
  onRequested,
}: {
  current: SubscriptionTier | undefined;
  target: SubscriptionTier | null;
  onClose: () => void;
  onRequested: (tier: string, message: string) => void;
}) {
  const preview = usePreviewPlanChange();
  const change = useChangePlan();
  const targetName = target?.name;
  const { mutate: ask, reset } = preview;

  // Once per opened plan: a fresh preview (Paddle's figures change with time), no error of the last one.
  useEffect(() => {
    reset();
    change.reset();
    if (targetName) ask(targetName as TierName);
  }, [targetName]);

  const differences = current && target ? planDifferences(current, target) : [];
  const confirm = () => {
    if (!target) return;
    change.mutate(target.name as TierName, { onSuccess: (answer) => onRequested(answer.toTier, answer.message) });
  };

  return (
    <Modal opened={!!target} onClose={onClose} title={target ? `Change to ${target.name}?` : 'Change plan'} centered>
      {target && (
        <Stack gap="md">
          <Text size="sm">
            {current ? `${current.name} (${formatEuro(current.price)} / month)` : 'Your plan'} → {target.name} ({formatEuro(target.price)} / month)
          </Text>
          {differences.length > 0 && (
            <div data-testid="plan-change-differences">
              <Text size="sm" fw={600}>
                What changes
              </Text>
              <List size="sm" spacing={2}>
                {differences.map((d) => (
                  <List.Item key={d.label}>
                    {d.label}: {d.from} → {d.to}
                  </List.Item>
                ))}
              </List>
            </div>
          )}
          <div data-testid="plan-change-timing">
            <Text size="sm" fw={600}>
              When
            </Text>
            {preview.isPending ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  Asking Paddle what the change costs…
                </Text>
              </Group>
            ) : preview.data ? (
              changeTimingText(preview.data).map((line) => (
                <Text size="sm" key={line}>
                  {line}
                </Text>
              ))
            ) : null}
          </div>
          <FormMessage kind="error">
            {preview.isError
              ? errorMessage(preview.error, 'Paddle could not preview the change.')
              : change.isError
                ? errorMessage(change.error, 'The plan could not be changed.')
                : null}
          </FormMessage>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={change.isPending} disabled={!preview.data}>
              Change to {target.name}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
