import { notifications } from '@mantine/notifications';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@dealradar/shared/constants';
import type { z } from 'zod';
import { pathOf, type Endpoint, type EndpointResponse, type NonJsonResponse } from '@dealradar/shared/contracts/endpoint';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { REFRESHED_TOKEN_HEADER } from '@dealradar/shared/contracts/plans';
import { getToken, setToken } from './auth-token.ts';
import { queryClient } from './query-client.ts';
import { endSession } from './session-notice.ts';
import { LONG_TOAST_MS } from './notify.ts';

const API_BASE = '/api';
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

// ---- What a call sends and answers, read from its shared declaration (packages/shared/src/contracts/endpoints/) ----

type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** A query value as the URL carries it; null, undefined and '' are left out of the URL. */
type WireQuery<T> = { [K in keyof T]: T[K] | null };

type ParamsPart<E> = E extends { params: infer S extends z.ZodType } ? { params: { [K in keyof Input<S>]: string | number } } : { params?: never };
type QueryPart<E> = E extends { query: infer S extends z.ZodType }
  ? object extends Input<S>
    ? { query?: WireQuery<Input<S>> }
    : { query: WireQuery<Input<S>> }
  : { query?: never };
type BodyPart<E> = E extends { body: infer S extends z.ZodType }
  ? E extends { bodyKind: 'multipart' }
    ? { body: FormData }
    : E extends { bodyKind: 'multipart-or-json' }
      ? { body: FormData | Input<S> }
      : E extends { bodyKind: 'raw' }
        ? { body: string }
        : { body: Input<S> }
  : { body?: never };

/** The request of a call: path parameters, query and body as its declaration types them. */
export type EndpointInput<E extends Endpoint> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

export interface CallOptions {
  /** Default 30000 ms (SPEC §7); uploads and downloads pass their own. */
  timeoutMs?: number;
  /** Skip the global 403 'Upgrade Required' notification. */
  silent403?: boolean;
}

type SuccessStatus = 200 | 201 | 202 | 204;
type TextMediaType = 'text/plain' | 'text/html';
type AnswerOf<R> = R extends z.ZodNull
  ? null
  : R extends z.ZodType
    ? z.output<R>
    : R extends { content: infer C }
      ? keyof C extends TextMediaType
        ? string
        : Blob
      : never;

/**
 * What a call answers: the parsed JSON of its success response schema, null for 204, a string for a text answer, a
 * Blob for a download (CSV, XLSX).
 */
export type EndpointAnswer<E extends Endpoint> = {
  [S in keyof E['responses']]: S extends SuccessStatus ? AnswerOf<E['responses'][S]> : never;
}[keyof E['responses']];

/** The request and options of a call; optional when the call needs no parameters, query or body. */
export type CallArguments<E extends Endpoint> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E> & CallOptions] : [input: EndpointInput<E> & CallOptions];

/** Query values in the URL: arrays repeat the key; null, undefined and '' are left out. */
function buildQuery(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `/api` + the declared path with its `:name` parameters filled (URI-encoded) + the query. */
export function endpointUrl(endpoint: Endpoint, input: { params?: Record<string, string | number>; query?: object } = {}): string {
  return `${API_BASE}${pathOf(endpoint.path, input.params)}${buildQuery(input.query as Record<string, unknown> | undefined)}`;
}

function isJsonSchema(response: EndpointResponse): response is z.ZodType {
  return typeof (response as Partial<z.ZodType>).parse === 'function';
}

/** The declared answer of a status; an undeclared success status is read as the first declared success. */
function declaredAnswer(endpoint: Endpoint, status: number): EndpointResponse | undefined {
  return endpoint.responses[status] ?? Object.entries(endpoint.responses).find(([code]) => Number(code) >= 200 && Number(code) < 300)?.[1];
}

function isText(response: NonJsonResponse): boolean {
  return Object.keys(response.content).every((type) => type === 'text/plain' || type === 'text/html');
}

function showUpgradeNotice(message: string | undefined): void {
  notifications.show({
    id: 'upgrade-required',
    title: 'Upgrade Required',
    message: message ?? UPGRADE_FALLBACK,
    color: 'orange',
    autoClose: LONG_TOAST_MS,
    withCloseButton: true,
  });
}

/**
 * The one way the web app calls the API: `callEndpoint(usersApi.update, { params: { id }, body })`. Method and path come
 * from the shared declaration (parameters URI-encoded), the /api base, a 30000 ms default timeout, the Bearer token,
 * JSON or FormData bodies; the answer is parsed with the declared response schema (a drifted answer fails loudly),
 * or read as text or a Blob when the declaration says so. A 403 shows the upgrade notice (SPEC §8).
 */
export async function callEndpoint<const E extends Endpoint>(endpoint: E, ...[input]: CallArguments<E>): Promise<EndpointAnswer<E>> {
  const {
    params,
    query,
    body: payload,
    timeoutMs,
    silent403,
  } = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: unknown } & CallOptions;
  const url = endpointUrl(endpoint, { params, query });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (payload instanceof FormData) body = payload;
  else if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, signal: controller.signal });
  } catch {
    throw new ApiError(0, controller.signal.aborted ? 'The server took too long to answer.' : 'Could not reach the server.', null);
  } finally {
    clearTimeout(timer);
  }
  keepRefreshedToken(endpoint, token, response);
  if (response.status === 401 && token && !OWN_SESSION_CALLS.has(endpoint)) void checkSessionAfter401(token);
  if (!response.ok) throw await failure(response, silent403);
  return (await answerOf(endpoint, response)) as EndpointAnswer<E>;
}

/** Calls whose 401 is not news about the session: signing in and out, and the session check (it ends the session itself). */
const OWN_SESSION_CALLS = new Set<Endpoint>([authApi.login, authApi.logout, authApi.session]);
let sessionCheck: Promise<void> | null = null;

/**
 * A call answered 401 (SPEC §7: the call itself is only marked as retried). Ask the server whether the session still
 * stands (GET /auth/session, once for a burst of 401s): when it answers 401 too — the account was deactivated or
 * deleted, the session revoked — the session ends with the server's reason on the login screen, instead of a screen of empty lists.
 */
function checkSessionAfter401(sentToken: string): Promise<void> {
  sessionCheck ??= (async () => {
    try {
      const response = await fetch(endpointUrl(authApi.session), {
        headers: { Authorization: `Bearer ${sentToken}` },
        signal: AbortSignal.timeout(DEFAULT_REQUEST_TIMEOUT_MS),
      });
      if (response.status !== 401 || getToken() !== sentToken) return;
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      endSession(typeof body?.error === 'string' ? body.error : undefined);
    } catch {
      /* server unreachable: the shell's own session check tries again */
    } finally {
      sessionCheck = null;
    }
  })();
  return sessionCheck;
}

async function failure(response: Response, silent403: boolean | undefined): Promise<ApiError> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  const serverError = typeof (parsed as { error?: unknown })?.error === 'string' ? (parsed as { error: string }).error : undefined;
  const error = new ApiError(response.status, serverError ?? `Request failed (${response.status})`, parsed);
  if (response.status === 403 && !silent403) showUpgradeNotice(serverError);
  if (response.status === 401) error.retried = true;
  return error;
}

async function answerOf(endpoint: Endpoint, response: Response): Promise<unknown> {
  const declared = declaredAnswer(endpoint, response.status);
  if (response.status === 204 || !declared) return null;
  if (!isJsonSchema(declared)) return isText(declared) ? await response.text() : await response.blob();
  const text = await response.text();
  return declared.parse(text ? JSON.parse(text) : null);
}

/**
 * The server re-signs the session token when the plan or role changed (X-Refreshed-Token, docs/plans.md): keep it,
 * unless the session changed meanwhile (logout, another login) or the call was the logout itself.
 */
function keepRefreshedToken(endpoint: Endpoint, sentToken: string | null, response: Response): void {
  const refreshed = response.headers.get(REFRESHED_TOKEN_HEADER);
  if (!refreshed || !sentToken || endpoint === authApi.logout || getToken() !== sentToken) return;
  setToken(refreshed);
  // Plans: reload what the old plan showed (limits, example data, usage).
  void queryClient.invalidateQueries();
}

/** The message to show for a failed call: the server's error field, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  return fallback;
}
