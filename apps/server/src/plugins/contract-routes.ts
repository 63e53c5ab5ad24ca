import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema, type Endpoint, type EndpointResponse } from '@dealradar/shared/contracts/endpoint';
import type { AuthGuards } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from (the contract test refuses /api routes without one). */
    contract?: Endpoint;
  }
}

type SchemaPart<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;
/** JSON answers are typed by their schema; downloads, text and 204 (z.null()) by nothing (reply.send() takes no body there). */
type JsonResponses<E extends Endpoint> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodNull
    ? z.ZodType<unknown>
    : E['responses'][S] extends z.ZodType
      ? E['responses'][S]
      : z.ZodType<unknown>;
};

/** The Fastify schema of an endpoint as the zod type provider sees it (so handlers get typed params, query and body). */
export type ContractSchema<E extends Endpoint> = {
  params: SchemaPart<E, 'params'>;
  querystring: SchemaPart<E, 'query'>;
  body: SchemaPart<E, 'body'> extends undefined
    ? undefined
    : E extends { bodyKind: 'multipart' | 'multipart-or-json' | 'raw' }
      ? undefined
      : SchemaPart<E, 'body'>;
  response: JsonResponses<E>;
};

export type ContractHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<E> & FastifySchema,
  ZodTypeProvider,
  FastifyBaseLogger
>;

const ERROR_STATUSES: Record<number, string> = {
  400: 'The request is not valid (the error names the first problem).',
  401: 'No session, or the session has ended.',
  403: 'The plan or role does not allow this call.',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  413: 'The upload or body is too large.',
  415: 'The content type is not supported.',
  429: 'Too many attempts; details.retryAfterSeconds says when to try again.',
  500: 'Something went wrong on our side.',
  503: 'A service this call needs is not available.',
};

function errorStatusesOf(endpoint: Endpoint): number[] {
  const statuses = [400, 500];
  if (endpoint.access !== 'public') statuses.push(401);
  if (endpoint.access === 'admin' || endpoint.access === 'user') statuses.push(403);
  if (endpoint.params) statuses.push(404);
  if (endpoint.bodyKind === 'multipart' || endpoint.bodyKind === 'multipart-or-json') statuses.push(413, 415);
  if (endpoint.path.startsWith('/auth/')) statuses.push(429);
  return statuses.sort();
}

function responsesOf(endpoint: Endpoint): Record<number, EndpointResponse> {
  const responses: Record<number, EndpointResponse> = { ...endpoint.responses };
  // One shared component (#/components/schemas/ApiError) with a description per status.
  for (const status of errorStatusesOf(endpoint)) {
    responses[status] ??= { description: ERROR_STATUSES[status] ?? 'Error.', content: { 'application/json': { schema: apiErrorSchema } } };
  }
  return responses;
}

/** What the route's own code validates (a multipart stream, a raw signed body): the framework leaves the body alone. */
const routeReadsBody = (endpoint: Endpoint) => endpoint.bodyKind !== undefined && endpoint.bodyKind !== 'json';

/**
 * Validation as the hand `parse()` did it: an absent body (or JSON null) is validated as `{}`, so a missing body answers
 * the first missing field's sentence; everything else is the provider's zod validation.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data: unknown) => validate(data ?? {});
};

const passThrough: FastifySchemaCompiler<z.ZodType> = (route) => (route.httpPart === 'body' ? () => true : contractValidatorCompiler(route));

/**
 * Response schemas are declared for the OpenAPI document and the handlers' types, but the answer is written as the route
 * returns it (JSON.stringify): a schema that lags behind a route must never turn a working call
 * into a 500 or drop a field the web app reads. The API tests check answers against them instead
 * (docs/decisions/0006-routes-from-the-shared-contracts.md).
 */
export const contractSerializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** Thrown by the checked serializer: the answer a route wrote is not what its contract declares. */
export class ResponseDriftError extends Error {}

/**
 * The API tests' serializer (buildApp's `checkResponses`): the same JSON text, but first the answer as a client reads
 * it (after JSON) is checked against the schema its contract declares for that status, and a drifted answer throws —
 * the call fails with 500 and the test that made it fails. Production keeps the plain serializer (above).
 */
export const checkedSerializerCompiler = ({ schema, method, url, httpStatus }: { schema: unknown; method: string; url: string; httpStatus?: string }) => {
  const zodSchema = schema as z.ZodType;
  return (data: unknown) => {
    const text = JSON.stringify(data);
    if (typeof zodSchema?.safeParse !== 'function') return text;
    const result = zodSchema.safeParse(text === undefined ? undefined : JSON.parse(text));
    if (!result.success) {
      const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
      const drift = new ResponseDriftError(`The ${httpStatus ?? ''} answer of ${method} ${url} does not match its contract: ${issues.join('; ')}`);
      // The tests' logger is silent: the reason of the 500 goes to stderr, next to the failing test.
      process.stderr.write(`${drift.message}\n`);
      throw drift;
    }
    return text;
  };
};

/**
 * Registers routes from their shared contracts: `route(authApi.login, handler)`. The endpoint's access adds the guard
 * (as a preValidation hook, so a request without a session answers 401 before its body is judged), its schemas are
 * validated by Fastify through the zod type provider, and the route appears in /api/openapi.json.
 */
export function contractRoutes(api: FastifyInstance, guards?: AuthGuards) {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  return function route<const E extends Endpoint>(endpoint: E, handler: ContractHandler<E>): void {
    const guard = endpoint.access === 'admin' ? guards?.requireAdmin : endpoint.access === 'user' ? guards?.requireUser : undefined;
    if (endpoint.access !== 'public' && !guard) throw new Error(`${endpoint.method} ${endpoint.path} needs the auth guards.`);
    const schema: Record<string, unknown> = {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      response: responsesOf(endpoint),
    };
    if (endpoint.access !== 'public') schema.security = [{ bearerAuth: [] }];
    if (endpoint.params) schema.params = endpoint.params;
    if (endpoint.query) schema.querystring = endpoint.query;
    if (endpoint.body) schema.body = endpoint.body;
    if (endpoint.bodyKind === 'multipart') schema.consumes = ['multipart/form-data'];
    if (endpoint.bodyKind === 'multipart-or-json') schema.consumes = ['multipart/form-data', 'application/json'];
    const options: RouteOptions = {
      method: endpoint.method,
      url: endpoint.path,
      schema,
      config: { contract: endpoint },
      ...(guard ? { preValidation: guard } : {}),
      ...(routeReadsBody(endpoint) ? { validatorCompiler: passThrough as FastifySchemaCompiler<FastifySchema> } : {}),
      handler: handler as RouteHandlerMethod,
    } as RouteOptions;
    typed.route(options);
  };
}
