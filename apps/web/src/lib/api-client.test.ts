import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const { ApiError, UPGRADE_FALLBACK, apiRequest, errorMessage } = await import('./api-client.ts');

/** SPEC §7/§8: one client, /api base, Bearer header, 30000 ms timeout, 403 upgrade notice, 401 only marked retried. */
describe('apiRequest', () => {
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

  const answer = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('calls the /api base with the stored token as a Bearer header and a JSON body', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await expect(apiRequest('/help', { method: 'POST', body: { message: 'hi' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('/api/help');
    expect(init.headers.Authorization).toBe('Bearer the.token.value');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"message":"hi"}');
  });

  it("a 403 shows the orange 'Upgrade Required' notice with the server's error for 6000 ms, closable", async () => {
    fetchMock.mockResolvedValue(answer(403, { error: 'Live price drops need the Growth or Pro plan.' }));
    await expect(apiRequest('/price-alerts/stats')).rejects.toMatchObject({ status: 403, message: 'Live price drops need the Growth or Pro plan.' });
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

  it('a 403 without an error field shows the fallback sentence of SPEC §8', async () => {
    fetchMock.mockResolvedValue(answer(403, {}));
    await expect(apiRequest('/x')).rejects.toBeInstanceOf(ApiError);
    expect(UPGRADE_FALLBACK).toBe('Your current plan does not allow this action. Please upgrade to access this feature.');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: UPGRADE_FALLBACK }));
  });

  it('a 401 only marks the request as retried (no notice, no logout)', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: 'Your session has expired. Please log in again.' }));
    const failure = await apiRequest('/user/settings').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as InstanceType<typeof ApiError>).retried).toBe(true);
    expect(show).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('the.token.value');
  });

  it('gives up after the default 30000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    let settled: unknown = 'pending';
    const call = apiRequest('/slow').catch((error: unknown) => (settled = error));
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
});
