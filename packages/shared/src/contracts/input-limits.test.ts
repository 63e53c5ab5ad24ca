import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/**
 * Every string field of every request contract has a maximum length. Request contracts are the exports
 * named …BodySchema, …QuerySchema, …ParamsSchema or …FieldsSchema of this folder (bodies, query strings, path
 * parameters, upload form fields); answers are written by the server and are not limited.
 */
const REQUEST_SCHEMA = /(Body|Query|Params|Fields)Schema$/;
/** Every contract module of this folder, new ones included (vitest's import.meta.glob). */
const contractModules = (import.meta as unknown as { glob(pattern: string, options: { eager: true }): Record<string, Record<string, unknown>> }).glob(
  ['./*.ts', '!./*.test.ts'] as unknown as string,
  { eager: true },
);

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

/** Paths of the string fields without a maximum length. */
function unboundedStrings(schema: z.ZodType, at: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const walk = (child: z.ZodType | undefined, suffix = '') => (child ? unboundedStrings(child, at + suffix, seen) : []);
  switch (def.type) {
    case 'string':
      return typeof (schema as z.ZodString).maxLength === 'number' ? [] : [at];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => walk(child, `.${key}`));
    case 'pipe':
      // the input side is what the client sends (z.preprocess puts a transform first: then the output side checks)
      return (def.in as unknown as { _zod: { def: Def } })._zod.def.type === 'transform' ? walk(def.out) : walk(def.in);
    case 'union':
      return (def.options ?? []).flatMap((option, i) => walk(option, `|${i}`));
    case 'array':
      return walk(def.element, '[]');
    case 'record':
      return [...walk(def.keyType, '{key}'), ...walk(def.valueType, '{}')];
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'lazy':
      return walk(def.getter?.());
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType);
    default:
      return []; // numbers, booleans, enums, literals: bounded by their nature
  }
}

describe('request contracts bound every string field', () => {
  const schemas: Array<[string, z.ZodType]> = [];
  for (const [file, module] of Object.entries(contractModules)) {
    for (const [name, value] of Object.entries(module)) {
      if (REQUEST_SCHEMA.test(name) && value && typeof value === 'object' && '_zod' in value) schemas.push([`${file}:${name}`, value as z.ZodType]);
    }
  }

  it('finds the request contracts', () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  it.each(schemas)('%s', (_name, schema) => {
    expect(unboundedStrings(schema, '')).toEqual([]);
  });
});
