import type { DsfRule, FeeRules, FeeVatRule, ReferralRule } from '@dealradar/shared/fee-rules';
import type { Db } from '../../db/client.ts';

/** Every fee rule row (all dates): tables of migration 0013 and later. */
export async function findAllFeeRules(db: Db): Promise<FeeRules> {
  const [referral, dsf, feeVat] = await Promise.all([
    db.query<ReferralRule>(
      `select id, market, category, category_name as "categoryName", is_default as "isDefault",
              to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom", low_rate::float8 as "lowRate", high_rate::float8 as "highRate",
              threshold_minor as threshold, minimum_fee_minor as "minimumFee", source
         from fee_referral_schedules order by market, category, effective_from`,
    ),
    db.query<DsfRule>(
      `select id, seller_country as "sellerCountry", market, to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom",
              referral_rate::float8 as "referralRate", fba_rate::float8 as "fbaRate", source
         from fee_dsf_rules order by seller_country, market, effective_from`,
    ),
    db.query<FeeVatRule>(
      `select id, seller_country as "sellerCountry", to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom",
              vat_rate::float8 as "vatRate", amazon_charges_local_vat as "amazonChargesLocalVat", source
         from fee_vat_rules order by seller_country, effective_from`,
    ),
  ]);
  return { referral, dsf, feeVat };
}
