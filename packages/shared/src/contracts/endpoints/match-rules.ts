import { endpoint, noContent } from '../endpoint.ts';
import { matchRuleBodySchema, matchRuleIdParamsSchema, matchRuleSchema, matchRulesPageSchema, matchRulesQuerySchema } from '../match-rules.ts';

const tag = 'match-rules';

/** The organization's match rules (docs/trusted-deals.md; not in SPEC §7): any signed-in member. */
export const matchRulesApi = {
  list: endpoint({
    method: 'GET',
    path: '/match-rules',
    access: 'user',
    tag,
    summary: "The organization's match rules, paged (zero-based), searched.",
    query: matchRulesQuerySchema,
    responses: { 200: matchRulesPageSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/match-rules',
    access: 'user',
    tag,
    summary: 'Mark an EAN-ASIN match as wrong, or always use an ASIN for an EAN.',
    body: matchRuleBodySchema,
    responses: { 201: matchRuleSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/match-rules/:id',
    access: 'user',
    tag,
    summary: 'Undo a match rule (another organization’s answers 404).',
    params: matchRuleIdParamsSchema,
    responses: { 204: noContent },
  }),
} as const;
