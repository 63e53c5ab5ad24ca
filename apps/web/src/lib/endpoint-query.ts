import type { QueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@dealradar/shared/contracts/endpoint';
import { callEndpoint, type CallArguments, type EndpointInput } from './api-client.ts';

/** What tells two requests of one call apart in the cache: its path parameters and query (never a body or options). */
export type KeyInput<E extends Endpoint> = Pick<EndpointInput<E>, 'params' | 'query'>;

/** Query values as the URL carries them: null, undefined and '' are the same absent value; path parameters are text. */
function wireForm(input: { params?: Record<string, unknown>; query?: Record<string, unknown> }): Record<string, unknown> {
  const key: Record<string, unknown> = {};
  if (input.params) key.params = Object.fromEntries(Object.entries(input.params).map(([name, value]) => [name, String(value)]));
  const query = Object.entries(input.query ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '');
  if (query.length) key.query = Object.fromEntries(query);
  return key;
}

/**
 * The one query-key factory: `['GET', '/users/:id/deletion', { params: { id: '7' } }]`. Built from the
 * declaration, so every screen and feature that reads or invalidates a call uses the same key. Without input it is
 * the prefix of every key of that call (invalidate them all); two requests the server cannot tell apart get one key.
 */
export function queryKeyOf<E extends Endpoint>(endpoint: E, input?: KeyInput<E>): readonly unknown[] {
  const base = [endpoint.method, endpoint.path] as const;
  if (!input) return base;
  const key = wireForm(input as { params?: Record<string, unknown>; query?: Record<string, unknown> });
  return Object.keys(key).length ? [...base, key] : base;
}

/**
 * `queryKey` and `queryFn` of a call from one input, so the key cannot disagree with the request:
 * `useQuery({ ...endpointQuery(usersApi.list, { query }), placeholderData: keepPreviousData })`.
 */
export function endpointQuery<const E extends Endpoint>(endpoint: E, ...args: CallArguments<E>) {
  return { queryKey: queryKeyOf(endpoint, args[0] as KeyInput<E> | undefined), queryFn: () => callEndpoint(endpoint, ...args) };
}

/** Marks every cached answer of these calls stale (whatever their parameters); the ones on screen reload. */
export function invalidateCalls(client: QueryClient, ...endpoints: Endpoint[]): Promise<void> {
  return Promise.all(endpoints.map((endpoint) => client.invalidateQueries({ queryKey: queryKeyOf(endpoint) }))).then(() => undefined);
}

/**
 * A call's query whose key goes on after the call's own key: a refresh counter (a new counter is a new query), the
 * identity of an uploaded file. It still starts with the call's key, so the call's invalidations reach it.
 */
export function extendKey<Q extends { queryKey: readonly unknown[] }>(call: Q, ...extra: unknown[]): Q {
  return { ...call, queryKey: [...call.queryKey, ...extra] };
}
