import { DROP_CATEGORIES, DROP_CATEGORY_FLOORS, DROP_PRIORITIES, DROP_PRIORITY_FLOORS } from '@dealradar/shared/drops';

/**
 * SQL CASE expressions that band a percentage exactly as @dealradar/shared/drops does, generated from the
 * same floors so the database and the shared functions cannot disagree.
 */
function bandSql<K extends string>(floors: Record<K, number>, order: readonly K[], expr: string): string {
  const branches = [...order]
    .reverse()
    .map((key) => `when ${expr} >= ${Number(floors[key])} then '${key}'`)
    .join(' ');
  return `(case ${branches} else '${order[0]}' end)`;
}

export function categorySql(expr: string): string {
  return bandSql(DROP_CATEGORY_FLOORS, DROP_CATEGORIES, expr);
}

export function prioritySql(expr: string): string {
  return bandSql(DROP_PRIORITY_FLOORS, DROP_PRIORITIES, expr);
}

/** Percentage of the fall from old to new cents, rounded to two decimals (matches dropPercentage()). */
export function percentageSql(oldExpr: string, newExpr: string): string {
  return `round((${oldExpr} - ${newExpr}) * 100.0 / ${oldExpr}, 2)`;
}
