import { z } from 'zod';

/** Paged response of SPEC §3: content, totalPages, totalElements. Pages are zero-based on the wire. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), totalPages: z.number().int(), totalElements: z.number().int() });
}
export interface Paged<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(100),
});

export function toPaged<T>(content: T[], totalElements: number, size: number): Paged<T> {
  return { content, totalElements, totalPages: Math.ceil(totalElements / size) };
}
