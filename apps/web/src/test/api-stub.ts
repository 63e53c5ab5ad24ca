import { onTestFinished } from 'vitest';
import type { Endpoint } from '@dealradar/shared/contracts/endpoint';
import type { EndpointAnswer } from '../lib/api-client.ts';

/** A request the screen sent, as the server would read it. */
export interface ApiRequest {
  method: string;
  /** Without the /api base and the query: `/alerts/rules/7`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, the FormData of an upload, or undefined. */
  body: unknown;
}

/** An answer other than the call's success: `reply(400, { error: 'Name is required.' })`. */
export class ApiReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const reply = (status: number, body: unknown = null) => new ApiReply(status, body);

type Answer<E extends Endpoint> = EndpointAnswer<E> | ApiReply;
type Handler = { endpoint: Endpoint; pattern: RegExp; answer: (request: ApiRequest) => unknown };

export interface ApiStub {
  /** Answers a call (the latest `on` of a call wins); the success answer is typed by the call's declaration. */
  on<E extends Endpoint>(endpoint: E, answer: Answer<E> | ((request: ApiRequest) => Answer<E>)): ApiStub;
  /** The requests of one call so far, oldest first. */
  requests(endpoint: Endpoint): ApiRequest[];
  /** Requests no `on` answered (they got a 404 with an error sentence): `GET /api/…?…`. */
  readonly unhandled: string[];
}

function patternOf(path: string): RegExp {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

function jsonResponse(status: number, body: unknown): Response {
  if (status === 204 || body === null || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The call's declared success status (201 for a create, 202 for a queued job), 200 when none is declared. */
function successStatus(endpoint: Endpoint): number {
  return Number(Object.keys(endpoint.responses).find((code) => Number(code) >= 200 && Number(code) < 300) ?? 200);
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return init?.body ?? undefined;
  try {
    return JSON.parse(init.body) as unknown;
  } catch {
    return init.body;
  }
}

/** The real `fetch` while a test has replaced it (restored when that test finishes); null: not replaced. */
let realFetch: { descriptor: PropertyDescriptor | undefined } | null = null;

/** Whether the running test answers API calls already (renderWithProviders installs an empty stub otherwise). */
export const isApiStubbed = (): boolean => realFetch !== null;

function installFetch(fake: typeof fetch): void {
  if (!realFetch) {
    const saved = { descriptor: Object.getOwnPropertyDescriptor(globalThis, 'fetch') };
    realFetch = saved;
    onTestFinished(() => {
      if (saved.descriptor) Object.defineProperty(globalThis, 'fetch', saved.descriptor);
      else delete (globalThis as { fetch?: unknown }).fetch;
      realFetch = null;
    });
  }
  Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: fake });
}

/**
 * Replaces `fetch` for the running test with answers per call, matched by the call's method and path from its shared
 * declaration (`api.on(alertsApi.listRules, [])`), and records what was sent. `fetch` is restored when the test
 * finishes; a later `stubApi()` in the same test replaces the earlier one. Answers go through the app's own client, so
 * they are parsed with the call's response schema as in production.
 */
export function stubApi(): ApiStub {
  const handlers: Handler[] = [];
  const sent: { endpoint: Endpoint | null; request: ApiRequest }[] = [];
  const unhandled: string[] = [];

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const handler = handlers.findLast((h) => h.endpoint.method === method && h.pattern.test(path));
    const params = { ...(handler?.pattern.exec(path)?.groups ?? {}) };
    const request: ApiRequest = { method, path, params, query: url.searchParams, body: bodyOf(init) };
    sent.push({ endpoint: handler?.endpoint ?? null, request });
    if (!handler) {
      unhandled.push(`${method} ${url.pathname}${url.search}`);
      return jsonResponse(404, { error: `No test answer for ${method} ${url.pathname}.` });
    }
    const answer = handler.answer(request);
    return answer instanceof ApiReply ? jsonResponse(answer.status, answer.body) : jsonResponse(successStatus(handler.endpoint), answer);
  };
  installFetch(fakeFetch);

  const stub: ApiStub = {
    on(endpoint, answer) {
      const respond = typeof answer === 'function' ? (answer as (request: ApiRequest) => unknown) : () => answer;
      handlers.push({ endpoint, pattern: patternOf(endpoint.path), answer: respond });
      return stub;
    },
    requests: (endpoint) => sent.filter((s) => s.endpoint === endpoint).map((s) => s.request),
    unhandled,
  };
  return stub;
}
