/** A user's search text as an ILIKE "contains" pattern; %, _ and \ match literally. */
export function containsPattern(search: string | undefined): string | null {
  const trimmed = search?.trim() ?? '';
  if (!trimmed) return null;
  return `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The query's 'true'/'false'/'' (or absent) status filter. */
export function parseActiveFilter(value: 'true' | 'false' | '' | undefined): boolean | null {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}
