import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@dealradar/shared/contracts/endpoints/settings';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export const userSettingsQueryOptions = queryOptions(endpointQuery(settingsApi.get));

export const userInfoQueryOptions = queryOptions(endpointQuery(settingsApi.info));

/** PUT /user/settings { minRoiThreshold } (a fraction). */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minRoiThreshold: number) => callEndpoint(settingsApi.update, { body: { minRoiThreshold } }),
    onSuccess: (_answer, minRoiThreshold) => queryClient.setQueryData(userSettingsQueryOptions.queryKey, { minRoiThreshold }),
  });
}
