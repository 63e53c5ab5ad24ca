import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@dealradar/shared/contracts/endpoint';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { helpApi } from '@dealradar/shared/contracts/endpoints/help';
import { marketDataApi } from '@dealradar/shared/contracts/endpoints/market-data';
import { priceDropsApi } from '@dealradar/shared/contracts/endpoints/price-drops';
import { csvTemplateAnalyzerApi, supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { settingsApi } from '@dealradar/shared/contracts/endpoints/settings';
import { usersApi } from '@dealradar/shared/contracts/endpoints/users';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const { ApiError, UPGRADE_FALLBACK, callEndpoint, endpointUrl, errorMessage } = await import('./api-client.ts');

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  show.mockReset();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  const store = new Map<string, string>([['token', 'the.token.value']]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const answer = (status: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
const sent = () => fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];

/** The path, method and answer of every call come from its shared declaration. */
describe('endpointUrl: the path from the declaration', () => {
  it('fills path parameters URI-encoded and puts the /api base in front', () => {
    expect(endpointUrl(usersApi.deletionSummary, { params: { id: 'a1' } })).toBe('/api/users/a1/deletion');
    expect(endpointUrl(csvTemplateAnalyzerApi.status, { params: { id: 'x/../y?z=1#w' } })).toBe('/api/catalog/scan/x%2F..%2Fy%3Fz%3D1%23w/status');
    expect(endpointUrl(priceDropsApi.profit, { params: { id: 42 } })).toBe('/api/price-alerts/price-drops/42/profit');
    expect(endpointUrl(settingsApi.adminCountry, { params: { code: 'UK' } })).toBe('/api/user/settings/country/UK');
  });

  it('refuses a missing path parameter instead of calling a wrong address', () => {
    expect(() => endpointUrl(usersApi.update, { params: {} })).toThrow('Missing path parameter id for /users/:id.');
  });

  it('serializes the query: arrays repeat the key, values are encoded, null, undefined and empty text are left out', () => {
    expect(
      endpointUrl(brandAnalyzerApi.favorites, {
        query: { brands: ['Nivea', 'L’Oréal & Co'], markets: ['DE'], page: 0, sortBy: 'roi', hideWarnings: '', hideAmazonBuyBox: undefined, size: null },
      }),
    ).toBe('/api/brand-analyzer/favorites?brands=Nivea&brands=L%E2%80%99Or%C3%A9al+%26+Co&markets=DE&page=0&sortBy=roi');
    expect(endpointUrl(marketDataApi.feeRules, { query: { date: null } })).toBe('/api/market-data/fee-rules');
    expect(endpointUrl(marketDataApi.feeRules)).toBe('/api/market-data/fee-rules');
  });
});

describe('callEndpoint', () => {
  it('calls the declared method and path with the stored token as a Bearer header and a JSON body; answers the parsed response', async () => {
    const request = {
      id: 'h1',
      message: 'hi',
      createdAt: '2026-11-27T10:00:00Z',
      senderUsername: 'ann',
      sender: { username: 'ann' },
      answer: null,
      answeredAt: null,
    };
    fetchMock.mockResolvedValue(answer(201, request));
    await expect(callEndpoint(helpApi.send, { body: { message: 'hi' } })).resolves.toEqual(request);
    const [url, init] = sent();
    expect(url).toBe('/api/help');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe('Bearer the.token.value');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"message":"hi"}');
  });

  it('parses the answer with the declared response schema: unknown fields are dropped, a drifted answer fails loudly', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { minRoiThreshold: 0.3, extra: 'x' }));
    await expect(callEndpoint(settingsApi.get)).resolves.toEqual({ minRoiThreshold: 0.3 });
    fetchMock.mockResolvedValueOnce(answer(200, { minRoiThreshold: 'thirty' }));
    await expect(callEndpoint(settingsApi.get)).rejects.toBeInstanceOf(z.ZodError);
  });

  it('answers null for 204 (no content), text for a text answer, a Blob for a download', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(callEndpoint(supplierAnalyzerApi.activeScan)).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(answer(200, ' 9f1c \n', { 'content-type': 'text/plain' }));
    await expect(callEndpoint(csvTemplateAnalyzerApi.start, { body: new FormData() })).resolves.toBe(' 9f1c \n');
    fetchMock.mockResolvedValueOnce(answer(200, 'ean,price\n1,2\n', { 'content-type': 'text/csv' }));
    const blob = await callEndpoint(marketDataApi.demoSupplierSample);
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('ean,price\n1,2\n');
  });

  it('sends a multipart body as it is (the browser sets the boundary) and with the call’s own timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(answer(201, { listingsImported: 1 }));
    const form = new FormData();
    form.append('market', 'DE');
    void callEndpoint(marketDataApi.importKeepaExport, { body: form, timeoutMs: 180_000 }).catch(() => undefined);
    const [url, init] = sent();
    expect(url).toBe('/api/market-data/imports');
    expect(init.body).toBe(form);
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it("a 403 shows the orange 'Upgrade Required' notice with the server's error for 6000 ms, closable", async () => {
    fetchMock.mockResolvedValue(answer(403, { error: 'Live price drops need the Growth or Pro plan.' }));
    await expect(callEndpoint(priceDropsApi.stats)).rejects.toMatchObject({ status: 403, message: 'Live price drops need the Growth or Pro plan.' });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Upgrade Required',
        message: 'Live price drops need the Growth or Pro plan.',
        color: 'orange',
        autoClose: 6000,
        withCloseButton: true,
      }),
    );
  });

  it('a 403 without an error field shows the fallback sentence of SPEC §8; silent403 shows nothing', async () => {
    fetchMock.mockResolvedValue(answer(403, {}));
    await expect(callEndpoint(priceDropsApi.stats)).rejects.toBeInstanceOf(ApiError);
    expect(UPGRADE_FALLBACK).toBe('Your current plan does not allow this action. Please upgrade to access this feature.');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: UPGRADE_FALLBACK }));
    show.mockReset();
    fetchMock.mockResolvedValue(answer(403, { error: 'No.' }));
    await expect(callEndpoint(authApi.session, { silent403: true })).rejects.toMatchObject({ status: 403, message: 'No.' });
    expect(show).not.toHaveBeenCalled();
  });

  it('a 401 only marks the request as retried (no notice, no logout while the session stands)', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { error: 'Your session has expired. Please log in again.' })).mockResolvedValueOnce(answer(200, { ok: true }));
    const failure = await callEndpoint(settingsApi.get).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as InstanceType<typeof ApiError>).retried).toBe(true);
    expect(show).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('the.token.value');
  });

  it('a 401 asks the server whether the session still stands; when that answers 401 too, the session ends with its reason', async () => {
    vi.stubGlobal('window', new EventTarget());
    const notices = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => notices.get(k) ?? null,
      setItem: (k: string, v: string) => notices.set(k, v),
      removeItem: (k: string) => notices.delete(k),
    });
    const reason = 'This account has been deactivated by an administrator, so it can no longer sign in.';
    fetchMock.mockImplementation(() => Promise.resolve(answer(401, { error: reason })));
    const failure = await callEndpoint(settingsApi.get).catch((error: unknown) => error);
    expect((failure as InstanceType<typeof ApiError>).retried).toBe(true);
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/auth/session');
    expect((fetchMock.mock.calls[1]?.[1] as { headers: Record<string, string> }).headers.Authorization).toBe('Bearer the.token.value');
    expect(notices.get('sessionEndedNotice')).toBe(reason);
  });

  it('a 401 of one call while the session still stands keeps the session; a failed sign-in asks nothing', async () => {
    vi.stubGlobal('window', new EventTarget());
    fetchMock.mockResolvedValueOnce(answer(401, { error: 'Nope.' })).mockResolvedValueOnce(answer(200, { ok: true }));
    await callEndpoint(settingsApi.get).catch(() => undefined);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem('token')).toBe('the.token.value');
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(answer(401, { error: 'Invalid username or password.' })));
    await callEndpoint(authApi.login, { body: { username: 'a', password: 'b' } }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe('the.token.value');
  });

  it('keeps a refreshed token, except from the logout call', async () => {
    vi.stubGlobal('window', new EventTarget());
    const refreshed = { 'content-type': 'application/json', 'x-refreshed-token': 'the.new.token' };
    fetchMock.mockResolvedValueOnce(answer(200, { message: 'Logged out' }, refreshed));
    await callEndpoint(authApi.logout);
    expect(localStorage.getItem('token')).toBe('the.token.value');
    fetchMock.mockResolvedValueOnce(answer(200, { minRoiThreshold: 0.3 }, refreshed));
    await callEndpoint(settingsApi.get);
    expect(localStorage.getItem('token')).toBe('the.new.token');
  });

  it('gives up after the default 30000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    let settled: unknown = 'pending';
    const call = callEndpoint(settingsApi.get).catch((error: unknown) => (settled = error));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toMatchObject({ status: 0, message: 'The server took too long to answer.' });
  });

  it("errorMessage shows the server's error field, else the screen's fallback", () => {
    expect(errorMessage(new ApiError(400, 'x', { error: 'Invalid or expired token.' }), 'Reset failed.')).toBe('Invalid or expired token.');
    expect(errorMessage(new ApiError(500, 'x', 'not json'), 'Reset failed.')).toBe('Reset failed.');
    expect(errorMessage(new Error('network'), 'Login failed.')).toBe('Login failed.');
  });

  it('offers no way to call a hand-typed path: the module exports callEndpoint, not a raw request function', async () => {
    expect(Object.keys(await import('./api-client.ts')).sort()).toEqual(['ApiError', 'UPGRADE_FALLBACK', 'callEndpoint', 'endpointUrl', 'errorMessage']);
  });

  it('types the request from the declaration (checked by the typecheck)', () => {
    const typeOnly = () => {
      // @ts-expect-error a path parameter is required
      void callEndpoint(usersApi.update, { body: { role: 'USER' } });
      // @ts-expect-error the body must match the declared body
      void callEndpoint(authApi.login, { body: { user: 'ann' } });
      // @ts-expect-error a call without a body takes none
      void callEndpoint(settingsApi.get, { body: {} });
      // @ts-expect-error a multipart upload takes a FormData
      void callEndpoint(marketDataApi.importKeepaExport, { body: { market: 'DE' } });
      const declared = endpoint({
        method: 'GET',
        path: '/x/:id',
        access: 'user',
        tag: 'x',
        summary: 'x',
        params: z.object({ id: z.string() }),
        responses: { 200: z.object({ n: z.number() }) },
      });
      const typed: Promise<{ n: number }> = callEndpoint(declared, { params: { id: '1' } });
      void typed;
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
