/**
 * The deals list's filter on Amazon's listing restrictions, as one SQL condition over `scan_results`:
 * `sellable` keeps the deals Amazon said the organization's seller can sell; `hideNotEligible` leaves out those it said
 * are not eligible (unchecked ones stay). A null filter keeps everything. `org` and `filter` are parameter placeholders.
 */
export function listingRestrictionFilterSql(org: string, filter: string, table = 'scan_results'): string {
  const answer = (status: string) =>
    `exists (select 1 from listing_restrictions lr where lr.organization_id = ${org}::uuid and lr.asin = ${table}.asin
              and lr.market = ${table}.market and lr.status = '${status}')`;
  return `(${filter}::text is null
      or (${filter}::text = 'sellable' and ${answer('CAN_SELL')})
      or (${filter}::text = 'hideNotEligible' and not ${answer('NOT_ELIGIBLE')}))`;
}
