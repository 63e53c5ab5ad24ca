import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { matchRuleSchema, matchRulesPageSchema, type MatchRuleBody } from '@dealradar/shared/contracts/match-rules';
import { apiRequest } from '../../../lib/api-client.ts';

/** The one place the match rules' query keys are built. */
export const matchRuleKeys = {
  all: ['match-rules'] as const,
  page: (page: number, search: string) => [...matchRuleKeys.all, page, search] as const,
};

/** GET /match-rules?page&size=100&search (the organization's rules, newest first; page zero-based on the wire). */
export function matchRulesQueryOptions(page: number, search: string) {
  return queryOptions({
    queryKey: matchRuleKeys.page(page, search),
    queryFn: () => apiRequest('/match-rules', { query: { page, size: PAGE_SIZE, search: search || undefined }, schema: matchRulesPageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useMatchRules(page: number, search: string) {
  return useQuery(matchRulesQueryOptions(page, search));
}

/** POST /match-rules; `onChanged` lets the screen refresh the lists the rule affects (deals, favorites). */
export function useSaveMatchRule(onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchRuleBody) => apiRequest('/match-rules', { method: 'POST', body, schema: matchRuleSchema }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: matchRuleKeys.all });
      onChanged?.();
    },
  });
}

/** DELETE /match-rules/{id} (undo). */
export function useDeleteMatchRule(onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/match-rules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: matchRuleKeys.all });
      onChanged?.();
    },
  });
}
