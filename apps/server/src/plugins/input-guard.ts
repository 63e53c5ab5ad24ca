import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors/app-error.ts';

export const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';

/** Nesting deeper than this is not walked further (JSON bodies are at most 1 MB; ours are two or three levels deep). */
const MAX_DEPTH = 32;

/** True when a string, or any key or string inside an object or array, contains U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL anywhere in the input would surface as a 500 deep inside a query.
 * The one rule: any NUL in input answers 400 with NUL_MESSAGE. The multipart reader (lib/multipart.ts) applies it to
 * fields and file names; the hooks below to everything Fastify parses.
 */
export function refuseNul(...values: unknown[]): void {
  if (values.some((value) => containsNul(value))) throw badRequest(NUL_MESSAGE);
}

/**
 * Path parameters and the query string are checked when the request arrives (before authentication, so the answer is
 * the same with or without a session), JSON bodies once parsed: every route, present and future, gets the rule.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    refuseNul(request.params, request.query);
  });
  app.addHook('preValidation', async (request) => {
    refuseNul(request.body);
  });
}
