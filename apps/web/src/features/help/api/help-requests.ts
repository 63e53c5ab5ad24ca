import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// SPEC §3: the sender's name comes as sender.username or senderUsername; accept either.
const helpRequestItemSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    createdAt: z.string(),
    senderUsername: z.string().optional(),
    sender: z.object({ username: z.string() }).optional(),
  })
  .transform((item) => ({ id: item.id, message: item.message, createdAt: item.createdAt, sender: item.sender?.username ?? item.senderUsername ?? '' }));
export type HelpRequestItem = z.output<typeof helpRequestItemSchema>;

/** GET /help: every request, admin only. */
export const helpRequestsQueryOptions = queryOptions({
  queryKey: ['help', 'requests'],
  queryFn: () => apiRequest('/help', { schema: z.array(helpRequestItemSchema) }),
});

/** POST /help { message }. */
export function useSendHelpMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiRequest('/help', { method: 'POST', body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpRequestsQueryOptions.queryKey }),
  });
}
