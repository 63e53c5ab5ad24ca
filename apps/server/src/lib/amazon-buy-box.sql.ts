import { AMAZON_SELLER_IDS } from '@dealradar/shared/markets';

/**
 * SQL condition "the buy box is not held by Amazon's own seller id of the row's market" (the hide-Amazon filter).
 * The ids are constants of @dealradar/shared/markets (no user input), so they are inlined.
 */
export function notAmazonBuyBoxSql(alias = ''): string {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  const cases = Object.entries(AMAZON_SELLER_IDS)
    .map(([market, id]) => `when '${market}' then '${id}'`)
    .join(' ');
  return `coalesce(${col('buy_box_seller_id')}, '') <> coalesce(case ${col('market')} ${cases} end, '')`;
}
