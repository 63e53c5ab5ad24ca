import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { usersApi } from '@dealradar/shared/contracts/endpoints/users';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const { endpointQuery, extendKey, invalidateCalls, queryKeyOf } = await import('./endpoint-query.ts');

afterEach(() => vi.unstubAllGlobals());

/** One query-key factory, built from the declaration, so one call always has one key. */
describe('queryKeyOf', () => {
  it('is the method and the declared path, then the path parameters and query as the URL carries them', () => {
    expect(queryKeyOf(plansApi.subscriptionStatus)).toEqual(['GET', '/organization/subscription-status']);
    expect(queryKeyOf(usersApi.deletionSummary, { params: { id: '7' } })).toEqual(['GET', '/users/:id/deletion', { params: { id: '7' } }]);
    expect(queryKeyOf(usersApi.list, { query: { page: 0, size: 100, search: 'ann' } })).toEqual([
      'GET',
      '/users',
      { query: { page: 0, size: 100, search: 'ann' } },
    ]);
  });

  it('gives requests the server cannot tell apart the same key', () => {
    const hash = (key: readonly unknown[]) => new QueryClient().getQueryCache().build(new QueryClient(), { queryKey: key }).queryHash;
    expect(queryKeyOf(usersApi.list, { query: { page: 0, search: '', role: null, active: undefined } })).toEqual(
      queryKeyOf(usersApi.list, { query: { page: 0 } }),
    );
    expect(queryKeyOf(usersApi.list, { query: {} })).toEqual(queryKeyOf(usersApi.list));
    expect(queryKeyOf(csvTemplateAnalyzerApi.status, { params: { id: 5 as unknown as string } })).toEqual(
      queryKeyOf(csvTemplateAnalyzerApi.status, { params: { id: '5' } }),
    );
    // Key order does not matter to TanStack Query's hash either.
    expect(hash(queryKeyOf(usersApi.list, { query: { page: 1, search: 'a' } }))).toBe(hash(queryKeyOf(usersApi.list, { query: { search: 'a', page: 1 } })));
    // Two calls on the same path never share a key.
    expect(queryKeyOf(brandAnalyzerApi.favorites)).not.toEqual(queryKeyOf(brandAnalyzerApi.deleteAllFavorites));
  });

  it('without input it is the prefix of every key of that call (and only of that call)', async () => {
    const client = new QueryClient();
    const keys = [
      queryKeyOf(usersApi.list, { query: { page: 0 } }),
      queryKeyOf(usersApi.list, { query: { page: 1, search: 'x' } }),
      extendKey({ queryKey: queryKeyOf(usersApi.list, { query: { page: 2 } }) }, 'refresh', 3).queryKey,
      queryKeyOf(usersApi.deletionSummary, { params: { id: '7' } }),
    ];
    for (const key of keys) client.setQueryData(key, 'cached');
    await invalidateCalls(client, usersApi.list);
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false]);
  });
});

describe('endpointQuery', () => {
  it('builds the key and the call from one input, so they cannot disagree', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ user: 'x', favorites: 2, brandScans: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
    const query = endpointQuery(usersApi.deletionSummary, { params: { id: 'u 1' } });
    expect(query.queryKey).toEqual(['GET', '/users/:id/deletion', { params: { id: 'u 1' } }]);
    await query.queryFn().catch(() => undefined);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/u%201/deletion');
  });

  it('extendKey keeps the call’s key in front (a refresh counter, an upload’s identity)', () => {
    const query = extendKey(endpointQuery(plansApi.subscriptionStatus), 4);
    expect(query.queryKey).toEqual(['GET', '/organization/subscription-status', 4]);
  });
});
