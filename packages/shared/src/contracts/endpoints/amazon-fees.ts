import { endpoint } from '../endpoint.ts';
import {
  amazonFeeChoiceBodySchema,
  amazonFeeChoiceSchema,
  amazonFeeDriftQuerySchema,
  amazonFeeDriftsSchema,
  amazonFeeEstimateBodySchema,
  amazonFeeEstimateSchema,
} from '../amazon-fees.ts';

const tag = 'seller-account';

/** Amazon's own fee estimate beside ours (docs/seller-account.md). */
export const amazonFeesApi = {
  estimate: endpoint({
    method: 'POST',
    path: '/amazon-fees/estimate',
    access: 'user',
    tag,
    summary:
      "Amazon's fee estimate for the organization's seller account at the breakdown's buy-box price, beside ours (cached a day per ASIN, market and price).",
    body: amazonFeeEstimateBodySchema,
    responses: { 200: amazonFeeEstimateSchema },
  }),
  choose: endpoint({
    method: 'PUT',
    path: '/amazon-fees/choice',
    access: 'user',
    tag,
    summary: "Use our fee rules or Amazon's estimate for this listing (ASIN and market) in the organization's profits from now on.",
    body: amazonFeeChoiceBodySchema,
    responses: { 200: amazonFeeChoiceSchema },
  }),
  drifts: endpoint({
    method: 'GET',
    path: '/admin/amazon-fee-drifts',
    access: 'admin',
    tag,
    summary: "Where our fee rules drift from Amazon's estimates: the biggest or most recent differences, and per market.",
    query: amazonFeeDriftQuerySchema,
    responses: { 200: amazonFeeDriftsSchema },
  }),
} as const;
