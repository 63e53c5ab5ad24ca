import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { usersApi } from '@dealradar/shared/contracts/endpoints/users';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export interface UsersFilter {
  /** Zero-based, as on the wire. */
  page: number;
  search: string;
  role: 'ADMIN' | 'USER' | null;
  active: boolean | null;
}

/** GET /users?page&size=100&search&role&active (admin). */
export function usersQueryOptions(filter: UsersFilter) {
  return queryOptions({
    ...endpointQuery(usersApi.list, {
      query: {
        page: filter.page,
        size: PAGE_SIZE,
        search: filter.search.trim(),
        role: filter.role,
        active: filter.active === null ? null : filter.active ? 'true' : 'false',
      },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filter: UsersFilter) {
  return useQuery(usersQueryOptions(filter));
}

/** How many active administrators there are (GET /users?role=ADMIN&active=true, one row: the total is what counts). */
export function useActiveAdminCount() {
  return useQuery({
    ...endpointQuery(usersApi.list, { query: { page: 0, size: 1, search: '', role: 'ADMIN', active: 'true' } }),
    select: (page) => page.totalElements,
  });
}
