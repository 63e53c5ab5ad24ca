import { useMutation } from '@tanstack/react-query';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import type { TierName } from '@dealradar/shared/tiers';
import { callEndpoint } from '../../../lib/api-client.ts';

/** POST /billing/subscription/preview-change: Paddle's preview of a plan change (what is charged or credited, and when). */
export function usePreviewPlanChange() {
  return useMutation({ mutationFn: (tier: TierName) => callEndpoint(plansApi.previewPlanChange, { body: { tier }, silent403: true }) });
}

/** POST /billing/subscription/change: Paddle changes the plan; the tier follows with Paddle's webhook (poll the status). */
export function useChangePlan() {
  return useMutation({ mutationFn: (tier: TierName) => callEndpoint(plansApi.changePlan, { body: { tier }, silent403: true }) });
}

/** POST /billing/portal-session: a short-lived Paddle customer-portal link (never cached). */
export function usePortalSession() {
  return useMutation({ mutationFn: () => callEndpoint(plansApi.portalSession, { silent403: true }) });
}
