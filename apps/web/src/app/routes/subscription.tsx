import { Alert, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { formatDate } from '../../lib/date-format.ts';
import { useSubscriptionStatus } from '../../features/plans/api/get-subscription-status.ts';
import { useSubscriptionTiers } from '../../features/plans/api/get-subscription-tiers.ts';
import { PlanCard } from '../../features/plans/components/plan-card.tsx';
import { visiblePlans } from '../../features/plans/plan-rules.ts';

/** How often the page asks for the new plan after returning from the checkout (?checkout=success). */
const CHECKOUT_POLL_MS = 5000;

/** /subscription (SPEC §2 Subscription): 'Choose Your Plan', plan cards, 'Current Plan' or a Buy Plan link. */
export function SubscriptionPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const returnedFromCheckout = params.get('checkout') === 'success';
  const tiers = useSubscriptionTiers();
  // The status answer (like every API answer) carries a refreshed token when the plan changed, so the sidebar follows.
  const status = useSubscriptionStatus({ refetchInterval: returnedFromCheckout ? CHECKOUT_POLL_MS : false });
  const currentTier = status.data?.tier ?? session?.subscriptionTier ?? 'FREE';
  const plans = visiblePlans(tiers.data ?? [], session?.role === 'ADMIN');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Choose Your Plan"
        subtitle="Prices in euro per month. Change or cancel any time; a cancellation takes effect at the end of the paid period."
        icon={<IconCreditCard size={24} />}
        help={{ doc: 'plans-and-limits', label: 'Help: plans and limits' }}
      />
      {returnedFromCheckout && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Thank you for your purchase">
          Your plan changes here as soon as the payment is confirmed; this page checks every few seconds.
        </Alert>
      )}
      {status.data?.cancelAt && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          Your {status.data.tier} plan is canceled and ends on {formatDate(status.data.cancelAt)}; you then return to FREE.
        </Alert>
      )}
      {tiers.isPending ? (
        <Loader />
      ) : tiers.isError ? (
        <Alert color="red" title="Error">
          Failed to load subscription plans. Please try again later.
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(plans.length, 5) }} spacing="lg">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} current={plan.name === currentTier} />
          ))}
        </SimpleGrid>
      )}
      <Text size="xs" c="dimmed">
        Payments are processed by our reseller Paddle. Refund requests are accepted within 14 days (see the Terms and Conditions).
      </Text>
    </Stack>
  );
}
