import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpRequest } from '@dealradar/shared/contracts/account';
import { helpApi } from '@dealradar/shared/contracts/endpoints/help';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** A help request as the screens show it: the sender's name flattened (SPEC §3 sends it as sender.username too). */
export interface HelpRequestItem {
  id: string;
  message: string;
  createdAt: string;
  sender: string;
  answer: string | null;
  answeredAt: string | null;
}

function toItems(requests: HelpRequest[]): HelpRequestItem[] {
  return requests.map((r) => ({
    id: r.id,
    message: r.message,
    createdAt: r.createdAt,
    sender: r.sender.username,
    answer: r.answer,
    answeredAt: r.answeredAt,
  }));
}

/** GET /help: every request, admin only. */
export const helpRequestsQueryOptions = queryOptions({ ...endpointQuery(helpApi.listAll), select: toItems });

/** GET /help/mine: the user's own messages and the answers. */
export const myHelpRequestsQueryOptions = queryOptions({ ...endpointQuery(helpApi.listMine), select: toItems });

/** POST /help { message }. */
export function useSendHelpMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => callEndpoint(helpApi.send, { body: { message } }),
    onSuccess: () => invalidateCalls(queryClient, helpApi.listAll, helpApi.listMine),
  });
}

/** POST /help/:id/answer { answer } (admin): stored, e-mailed to the user, shown under their Help. */
export function useAnswerHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) => callEndpoint(helpApi.answer, { params: { id }, body: { answer } }),
    onSuccess: () => invalidateCalls(queryClient, helpApi.listAll, helpApi.listMine),
  });
}
