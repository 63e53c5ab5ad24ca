import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { SubscriptionTier } from '@dealradar/shared/contracts/plans';
import { PageHeader } from '../../components/page-header.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { formatDate } from '../../lib/date-format.ts';
import { useSubscriptionStatus } from '../../features/plans/api/get-subscription-status.ts';
import { useSubscriptionTiers } from '../../features/plans/api/get-subscription-tiers.ts';
import { usePortalSession } from '../../features/plans/api/manage-subscription.ts';
import { ChangePlanModal } from '../../features/plans/components/change-plan-modal.tsx';
import { PlanCard } from '../../features/plans/components/plan-card.tsx';
import { BILLING_NOT_CONFIGURED_TEXT, NO_PADDLE_SUBSCRIPTION_TEXT, planActionOf, visiblePlans } from '../../features/plans/plan-rules.ts';

/** How often the page asks for the new plan after returning from the checkout (?checkout=success) or a plan change. */
const CHECKOUT_POLL_MS = 5000;

/**
 * /subscription (SPEC §2 Subscription): without a paid plan, 'Choose Your Plan' with 'Current Plan' and Buy Plan links.
 * On a paid plan no second checkout: "Change to this plan" on the other paid plans (a confirm dialog
 * with Paddle's preview; the plan switches when Paddle's webhook confirms) and "Manage subscription" (Paddle's customer
 * portal: payment method, invoices, cancellation).
 */
export function SubscriptionPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const returnedFromCheckout = params.get('checkout') === 'success';
  const [pendingTier, setPendingTier] = useState<string | null>(null);
  const [changing, setChanging] = useState<SubscriptionTier | null>(null);
  const tiers = useSubscriptionTiers();
  // The status answer (like every API answer) carries a refreshed token when the plan changed, so the sidebar follows.
  const status = useSubscriptionStatus({ refetchInterval: returnedFromCheckout || pendingTier ? CHECKOUT_POLL_MS : false });
  const currentTier = status.data?.tier ?? session?.subscriptionTier ?? 'FREE';
  const plans = visiblePlans(tiers.data ?? [], session?.role === 'ADMIN');
  const paid = currentTier !== 'FREE';
  const billing = status.data?.billing;
  const canManage = !!billing?.configured && billing.hasSubscription;
  const waiting = pendingTier !== null && pendingTier !== currentTier;
  const portal = usePortalSession();

  const openPortal = () =>
    portal.mutate(undefined, {
      // Paddle's portal must not be embedded; its links are short-lived, so they are opened at once, never kept.
      onSuccess: (session) => window.location.assign(session.url),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title={paid ? 'Your Plan' : 'Choose Your Plan'}
        subtitle={
          paid
            ? 'Change to another plan or manage your subscription: payment method, invoices and cancellation.'
            : 'Prices in euro per month. Change or cancel any time; a cancellation takes effect at the end of the paid period.'
        }
        icon={<IconCreditCard size={24} />}
        help={{ doc: 'plans-and-limits', label: 'Help: plans and limits' }}
      />
      {returnedFromCheckout && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Thank you for your purchase">
          Your plan changes here as soon as the payment is confirmed; this page checks every few seconds.
        </Alert>
      )}
      {waiting && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="plan-change-pending">
          Changing to {pendingTier}: Paddle accepted the change. Your plan changes here as soon as Paddle confirms it; this page checks every few seconds.
        </Alert>
      )}
      {status.data?.cancelAt && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          Your {status.data.tier} plan is canceled and ends on {formatDate(status.data.cancelAt)}; you then return to FREE.
        </Alert>
      )}
      {paid && billing && (
        <Card withBorder radius="md" padding="lg" data-testid="manage-subscription">
          <Group justify="space-between" align="center" wrap="wrap" gap="md">
            <Stack gap={2} style={{ flex: '1 1 260px' }}>
              <Text fw={600}>Manage subscription</Text>
              <Text size="sm" c="dimmed">
                Payment method, invoices and cancellation, in Paddle&apos;s customer portal (our payment provider).
              </Text>
            </Stack>
            <Button rightSection={<IconExternalLink size={16} />} onClick={openPortal} loading={portal.isPending} disabled={!canManage}>
              Manage subscription
            </Button>
          </Group>
          {!canManage && (
            <Text size="sm" mt="sm" role="note" data-testid="billing-unavailable">
              {!billing.configured ? BILLING_NOT_CONFIGURED_TEXT : NO_PADDLE_SUBSCRIPTION_TEXT}
            </Text>
          )}
          <FormMessage kind="error">{portal.isError ? errorMessage(portal.error, 'The customer portal could not be opened.') : null}</FormMessage>
        </Card>
      )}
      {tiers.isPending || (paid && status.isPending) ? (
        <Loader />
      ) : tiers.isError ? (
        <Alert color="red" title="Error">
          Failed to load subscription plans. Please try again later.
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(plans.length, 5) }} spacing="lg">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} action={planActionOf(plan, currentTier)} onChange={setChanging} changeDisabled={!canManage || waiting} />
          ))}
        </SimpleGrid>
      )}
      <ChangePlanModal
        current={plans.find((p) => p.name === currentTier)}
        target={changing}
        onClose={() => setChanging(null)}
        onRequested={(tier, message) => {
          setChanging(null);
          setPendingTier(tier);
          notifySuccess(message, 'Plan change requested');
        }}
      />
      <Text size="xs" c="dimmed">
        Payments are processed by our reseller Paddle. Refund requests are accepted within 14 days (see the Terms and Conditions).
      </Text>
    </Stack>
  );
}
