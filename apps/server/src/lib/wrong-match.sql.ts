/**
 * SQL condition "no never rule of organization $param excludes this row's EAN and ASIN" for deal and favorite lists,
 * so a wrong match disappears at once (undoing the rule brings the row back while it lives). `table` qualifies the
 * row's columns (the subquery's match_rules has columns of the same names).
 */
export function notWrongMatchSql(param: string, table: string): string {
  return `not exists (select 1 from match_rules mr where mr.organization_id = ${param}::uuid and mr.kind = 'never' and mr.ean = ${table}.ean and mr.asin = ${table}.asin)`;
}
