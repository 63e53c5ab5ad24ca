import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteMemberBody } from '@dealradar/shared/contracts/organization';
import { organizationApi } from '@dealradar/shared/contracts/endpoints/organization';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** GET /organization/members: your rights, and the members when you may see them. */
export const teamQueryOptions = endpointQuery(organizationApi.members);

// A refusal (403) is said in the card, not as the plan's upgrade notice: it is about the team, not the plan.
export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberBody) => callEndpoint(organizationApi.invite, { body, silent403: true }),
    onSuccess: () => invalidateCalls(client, organizationApi.members),
  });
}

export function useSetMayInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mayInvite }: { id: string; mayInvite: boolean }) =>
      callEndpoint(organizationApi.update, { params: { id }, body: { mayInvite }, silent403: true }),
    onSuccess: () => invalidateCalls(client, organizationApi.members),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(organizationApi.remove, { params: { id }, silent403: true }),
    onSuccess: () => invalidateCalls(client, organizationApi.members),
  });
}
