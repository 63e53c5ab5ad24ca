import { z } from 'zod';

/**
 * One API call, declared once: the server registers its route from it (Fastify validates params, query
 * and body with these schemas), the OpenAPI document at /api/openapi.json is generated from it, and the web client
 * calls it through it. Paths are relative to /api and use Fastify's `:name` parameters.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, a signed-in user (Bearer token), or an administrator. */
export type Access = 'public' | 'user' | 'admin';

/**
 * How the body arrives. `json` (default): validated by the framework with `body`. `multipart`: a file upload read by the
 * route's own multipart reader, which checks `body`'s fields itself (a stream cannot be validated up front).
 * `multipart-or-json`: either. `raw`: read as text by the route (the Paddle webhook checks a signature over the raw
 * bytes before it reads JSON). For all but `json`, `body` documents the payload and the route validates it.
 */
export type BodyKind = 'json' | 'multipart' | 'multipart-or-json' | 'raw';

/** A response that is not JSON: a download, a plain-text id, an HTML page, or no content. */
export interface NonJsonResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export type EndpointResponse = z.ZodType | NonJsonResponse;

export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: Access;
  /** One line for the API reference. */
  summary: string;
  /** Groups the calls in the API reference (the module's name). */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyKind?: BodyKind;
  /** Every success status the call answers; error statuses share the one error shape and are added for all calls. */
  responses: Record<number, EndpointResponse>;
}

/** Keeps the literal types of a declaration (the web client and the server infer payloads from them). */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** `{ error, code, requestId }` (and sometimes `details`): the answer of every failed call. */
export const apiErrorSchema = z
  .object({
    error: z.string().describe('The sentence to show the user.'),
    code: z
      .string()
      .describe(
        'validation, unauthenticated, forbidden, not_found, conflict, rate_limited, payload_too_large, unsupported_media_type, unavailable or internal',
      ),
    requestId: z.string().optional().describe('The request id, also sent as the x-request-id header.'),
    details: z.unknown().optional().describe('Per-field issues of a validation failure, or retryAfterSeconds of a rate limit.'),
  })
  .meta({ id: 'ApiError', description: 'The answer of every failed call.' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A path parameter that the route itself resolves (an unknown or malformed id answers the route's own 404). */
export const idParams = z.object({ id: z.string() });

/** No content (204). */
export const noContent = z.null().describe('No content.');

/** A file download of the given media types. */
export function download(description: string, ...mediaTypes: string[]): NonJsonResponse {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string() }])) };
}

/** `/users/:id` → `/users/{id}` (OpenAPI's form). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Fills `:name` parameters of a path (each value URI-encoded). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}.`);
    return encodeURIComponent(String(value));
  });
}
