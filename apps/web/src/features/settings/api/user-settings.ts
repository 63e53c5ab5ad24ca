import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfoSchema, userSettingsSchema } from '@dealradar/shared/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

export const userSettingsQueryOptions = queryOptions({
  queryKey: ['user', 'settings'],
  queryFn: () => apiRequest('/user/settings', { schema: userSettingsSchema }),
});

export const userInfoQueryOptions = queryOptions({
  queryKey: ['user', 'info'],
  queryFn: () => apiRequest('/user/settings/info', { schema: userInfoSchema }),
});

/** PUT /user/settings { minRoiThreshold } (a fraction). */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minRoiThreshold: number) => apiRequest('/user/settings', { method: 'PUT', body: { minRoiThreshold }, schema: userSettingsSchema.partial() }),
    onSuccess: (_answer, minRoiThreshold) => queryClient.setQueryData(userSettingsQueryOptions.queryKey, { minRoiThreshold }),
  });
}
