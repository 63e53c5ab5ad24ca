import { notifications } from '@mantine/notifications';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@dealradar/shared/constants';
import type { z } from 'zod';
import { REFRESHED_TOKEN_HEADER } from '@dealradar/shared/contracts/plans';
import { getToken, setToken } from './auth-token.ts';
import { queryClient } from './query-client.ts';

export const API_BASE = '/api';
export const UPGRADE_FALLBACK = 'Your current plan does not allow this action. Please upgrade to access this feature.';

/** A failed call: `message` is the server's error sentence when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** SPEC §7: a 401 only marks the request as retried. */
  retried = false;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
  /** The server's `error` field, if any. */
  get serverError(): string | undefined {
    const error = (this.body as { error?: unknown } | null)?.error;
    return typeof error === 'string' ? error : undefined;
  }
}

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | undefined | null | Array<string | number>>;
  body?: unknown;
  timeoutMs?: number;
  schema?: S;
  /** 'json' (default), 'text' or 'blob'. */
  responseType?: 'json' | 'text' | 'blob';
  /** Skip the global 403 'Upgrade Required' notification. */
  silent403?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function showUpgradeNotice(message: string | undefined): void {
  notifications.show({
    id: 'upgrade-required',
    title: 'Upgrade Required',
    message: message ?? UPGRADE_FALLBACK,
    color: 'orange',
    autoClose: 6000,
    withCloseButton: true,
  });
}

/**
 * The one API client: /api base, 30000 ms default timeout, Bearer token, JSON or FormData bodies,
 * responses parsed with the shared zod schema when given; 403 shows the upgrade notice (SPEC §8).
 */
export async function apiRequest<T = unknown, S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method: options.method ?? 'GET', headers, body, signal: controller.signal });
  } catch (error) {
    throw new ApiError(0, controller.signal.aborted ? 'The server took too long to answer.' : 'Could not reach the server.', null);
  } finally {
    clearTimeout(timer);
  }
  keepRefreshedToken(path, token, response);
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const serverError = typeof (parsed as { error?: unknown })?.error === 'string' ? (parsed as { error: string }).error : undefined;
    const error = new ApiError(response.status, serverError ?? `Request failed (${response.status})`, parsed);
    if (response.status === 403 && !options.silent403) showUpgradeNotice(serverError);
    if (response.status === 401) error.retried = true;
    throw error;
  }
  if (response.status === 204) return undefined as never;
  if (options.responseType === 'blob') return (await response.blob()) as never;
  const text = await response.text();
  if (options.responseType === 'text') return text as never;
  const data: unknown = text ? JSON.parse(text) : undefined;
  return (options.schema ? options.schema.parse(data) : data) as never;
}

/**
 * The server re-signs the session token when the plan or role changed (X-Refreshed-Token, docs/plans.md): keep it,
 * unless the session changed meanwhile (logout, another login) or the call was the logout itself.
 */
function keepRefreshedToken(path: string, sentToken: string | null, response: Response): void {
  const refreshed = response.headers.get(REFRESHED_TOKEN_HEADER);
  if (!refreshed || !sentToken || path === '/auth/logout' || getToken() !== sentToken) return;
  setToken(refreshed);
  // Plans: reload what the old plan showed (limits, example data, usage).
  void queryClient.invalidateQueries();
}

/** The message to show for a failed call: the server's error field, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  return fallback;
}
