import type { z } from 'zod';
import { badRequest } from '../errors/app-error.ts';

/** Parses input with a shared zod schema; the first issue's message becomes the user's error. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(
      issue?.message ?? 'The request is not valid.',
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return result.data;
}
