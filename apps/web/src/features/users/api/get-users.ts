import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { userRowSchema } from '@dealradar/shared/contracts/account';
import { pagedSchema } from '@dealradar/shared/paging';
import { apiRequest } from '../../../lib/api-client.ts';

export interface UsersFilter {
  /** Zero-based, as on the wire. */
  page: number;
  search: string;
  role: 'ADMIN' | 'USER' | null;
  active: boolean | null;
}

const usersPageSchema = pagedSchema(userRowSchema);

/** GET /users?page&size=100&search&role&active (admin). */
export function usersQueryOptions(filter: UsersFilter) {
  return queryOptions({
    queryKey: ['users', filter],
    queryFn: () =>
      apiRequest('/users', {
        query: { page: filter.page, size: PAGE_SIZE, search: filter.search.trim(), role: filter.role, active: filter.active },
        schema: usersPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filter: UsersFilter) {
  return useQuery(usersQueryOptions(filter));
}
