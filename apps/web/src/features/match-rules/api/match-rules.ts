import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import type { MatchRuleBody } from '@dealradar/shared/contracts/match-rules';
import { matchRulesApi } from '@dealradar/shared/contracts/endpoints/match-rules';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** GET /match-rules?page&size=100&search (the organization's rules, newest first; page zero-based on the wire). */
export function matchRulesQueryOptions(page: number, search: string) {
  return queryOptions({
    ...endpointQuery(matchRulesApi.list, { query: { page, size: PAGE_SIZE, search } }),
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
    mutationFn: (body: MatchRuleBody) => callEndpoint(matchRulesApi.create, { body }),
    onSuccess: () => {
      void invalidateCalls(client, matchRulesApi.list);
      onChanged?.();
    },
  });
}

/** DELETE /match-rules/{id} (undo). */
export function useDeleteMatchRule(onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(matchRulesApi.remove, { params: { id } }),
    onSuccess: () => {
      void invalidateCalls(client, matchRulesApi.list);
      onChanged?.();
    },
  });
}
