import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { helpAnswerResponseSchema } from '@dealradar/shared/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

// SPEC §3: the sender's name comes as sender.username or senderUsername; accept either.
const helpRequestItemSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    createdAt: z.string(),
    senderUsername: z.string().optional(),
    sender: z.object({ username: z.string() }).optional(),
    answer: z.string().nullable().optional(),
    answeredAt: z.string().nullable().optional(),
  })
  .transform((item) => ({
    id: item.id,
    message: item.message,
    createdAt: item.createdAt,
    sender: item.sender?.username ?? item.senderUsername ?? '',
    answer: item.answer ?? null,
    answeredAt: item.answeredAt ?? null,
  }));
export type HelpRequestItem = z.output<typeof helpRequestItemSchema>;

/** GET /help: every request, admin only. */
export const helpRequestsQueryOptions = queryOptions({
  queryKey: ['help', 'requests'],
  queryFn: () => apiRequest('/help', { schema: z.array(helpRequestItemSchema) }),
});

/** GET /help/mine: the user's own messages and the answers. */
export const myHelpRequestsQueryOptions = queryOptions({
  queryKey: ['help', 'mine'],
  queryFn: () => apiRequest('/help/mine', { schema: z.array(helpRequestItemSchema) }),
});

/** POST /help { message }. */
export function useSendHelpMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiRequest('/help', { method: 'POST', body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['help'] }),
  });
}

/** POST /help/:id/answer { answer } (admin): stored, e-mailed to the user, shown under their Help. */
export function useAnswerHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) =>
      apiRequest(`/help/${id}/answer`, { method: 'POST', body: { answer }, schema: helpAnswerResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['help'] }),
  });
}
