-- Amazon's fee rules as dated data (issue 12 items 4–6). The profit engine uses, per key, the row with the latest
-- effective_from on or before the day a deal is computed. Next year's rules are new rows with their date in a new
-- migration: no code changes. Sources and confidence: docs/market-data.md "Fee rules"; research external-apis.md §9.3.

-- Referral fee schedules per market and category: low_rate up to threshold (buyer-paid total, minor units), high_rate
-- above (on the whole price), at least minimum_fee. One default category per market (used when a listing has no rate).
create table fee_referral_schedules (
  id serial primary key,
  market text not null check (market in ('DE', 'UK', 'FR', 'IT', 'ES', 'US', 'CA')),
  category text not null,
  category_name text not null,
  is_default boolean not null default false,
  effective_from date not null,
  low_rate numeric(7, 5) not null check (low_rate > 0 and low_rate <= 0.5),
  high_rate numeric(7, 5) not null check (high_rate > 0 and high_rate <= 0.5),
  threshold_minor integer not null check (threshold_minor >= 0),
  minimum_fee_minor integer not null check (minimum_fee_minor >= 0),
  source text not null,
  unique (market, category, effective_from)
);

-- Digital Services Fee: a percentage on the referral fee and on the FBA fee. seller_country '*' = sellers established
-- anywhere else; market '*' = every store. The most specific row in force wins (seller & store, seller & '*', '*' & store).
create table fee_dsf_rules (
  id serial primary key,
  seller_country text not null,
  market text not null,
  effective_from date not null,
  referral_rate numeric(7, 5) not null check (referral_rate >= 0 and referral_rate < 1),
  fba_rate numeric(7, 5) not null check (fba_rate >= 0 and fba_rate < 1),
  source text not null,
  unique (seller_country, market, effective_from)
);

-- VAT on Amazon's fees by the seller's country of establishment: vat_rate is that country's standard rate (charged to
-- non-registered sellers); amazon_charges_local_vat: registered sellers are charged it too and reclaim it (else reverse
-- charge). Applies to the European stores.
create table fee_vat_rules (
  id serial primary key,
  seller_country text not null,
  effective_from date not null,
  vat_rate numeric(7, 5) not null check (vat_rate >= 0 and vat_rate < 1),
  amazon_charges_local_vat boolean not null,
  source text not null,
  unique (seller_country, effective_from)
);

insert into fee_referral_schedules (market, category, category_name, is_default, effective_from, low_rate, high_rate, threshold_minor, minimum_fee_minor, source) values
  ('DE', 'beauty-health', 'Beauty / Health & Personal Care', true, '2019-06-01', 0.08, 0.15, 1000, 30, 'Amazon EU referral change of June 2019 (8 % up to €10, 15 % above, €0.30 minimum) [R]'),
  ('FR', 'beauty-health', 'Beauty / Health & Personal Care', true, '2019-06-01', 0.08, 0.15, 1000, 30, 'Amazon EU referral change of June 2019 (8 % up to €10, 15 % above, €0.30 minimum) [R]; DSF separate'),
  ('IT', 'beauty-health', 'Beauty / Health & Personal Care', true, '2019-06-01', 0.08, 0.15, 1000, 30, 'Amazon EU referral change of June 2019 (8 % up to €10, 15 % above, €0.30 minimum) [R]; DSF separate'),
  ('ES', 'beauty-health', 'Beauty / Health & Personal Care', true, '2019-06-01', 0.08, 0.15, 1000, 30, 'Amazon EU referral change of June 2019 (8 % up to €10, 15 % above, €0.30 minimum) [R]; DSF separate'),
  ('UK', 'beauty-health', 'Beauty / Health & Personal Care', true, '2019-06-01', 0.08, 0.15, 1000, 25, 'Amazon EU referral change of June 2019 (8 % up to £10, 15 % above, £0.25 minimum) [R]; DSF separate'),
  ('US', 'beauty-health', 'Beauty & Personal Care / Health & Household', true, '2019-06-01', 0.08, 0.15, 1000, 30, 'US fee schedule (8 % up to $10, 15 % above, $0.30 minimum) [U]'),
  ('CA', 'beauty-health', 'Beauty / Health & Personal Care', true, '2019-06-01', 0.08, 0.15, 1000, 30, 'Same structure as the US (8 % up to CA$10, 15 % above, CA$0.30 minimum) [U]');

insert into fee_dsf_rules (seller_country, market, effective_from, referral_rate, fba_rate, source) values
  ('UK', '*', '2024-10-01', 0.02, 0.02, 'Amazon Digital Services Fee from 1 Oct 2024: sellers established in the UK, every store, referral and FBA fees [R]'),
  ('FR', '*', '2024-10-01', 0.03, 0.03, 'Amazon Digital Services Fee from 1 Oct 2024: sellers established in France, every store [R]'),
  ('IT', '*', '2024-10-01', 0.03, 0.03, 'Amazon Digital Services Fee from 1 Oct 2024: sellers established in Italy, every store [R]'),
  ('ES', '*', '2024-10-01', 0.03, 0.03, 'Amazon Digital Services Fee from 1 Oct 2024: sellers established in Spain, every store [R]'),
  ('CA', '*', '2024-10-01', 0.03, 0.03, 'Amazon Digital Services Fee from 1 Oct 2024: sellers established in Canada, every store [R]'),
  ('*', 'UK', '2024-10-01', 0.02, 0.02, 'Amazon Digital Services Fee from 1 Oct 2024: other sellers in the UK store, referral and FBA fees [R]'),
  ('*', 'FR', '2024-10-01', 0.02, 0.02, 'Amazon Digital Services Fee from 1 Oct 2024: other sellers in the France store, referral and FBA fees [R]'),
  ('*', 'IT', '2024-10-01', 0.02, 0, 'Amazon Digital Services Fee from 1 Oct 2024: other sellers in the Italy store, referral fees only [R]'),
  ('*', 'ES', '2024-10-01', 0.02, 0, 'Amazon Digital Services Fee from 1 Oct 2024: other sellers in the Spain store, referral fees only [R]'),
  ('*', 'CA', '2024-10-01', 0.02, 0, 'Amazon Digital Services Fee from 1 Oct 2024: other sellers in the Canada store, referral fees only [R]'),
  ('*', 'FR', '2026-03-20', 0.03, 0.03, 'DSF update of 20 Mar 2026: 3 % for sellers based outside the affected countries in France, also on FBA fees [R]'),
  ('*', 'IT', '2026-03-20', 0.03, 0, 'DSF update of 20 Mar 2026: 3 % on referral fees for sellers based outside the affected countries in Italy [R]'),
  ('*', 'ES', '2026-03-20', 0.03, 0, 'DSF update of 20 Mar 2026: 3 % on referral fees for sellers based outside the affected countries in Spain [R]');

insert into fee_vat_rules (seller_country, effective_from, vat_rate, amazon_charges_local_vat, source) values
  ('DE', '2015-01-01', 0.19, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('UK', '2015-01-01', 0.20, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('FR', '2015-01-01', 0.20, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('IT', '2015-01-01', 0.22, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('ES', '2015-01-01', 0.21, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('NL', '2015-01-01', 0.21, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('PL', '2015-01-01', 0.23, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('BE', '2015-01-01', 0.21, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('SE', '2015-01-01', 0.25, false, 'Standard VAT rate; non-registered sellers pay VAT on fees at their country''s rate [V Amazon help]'),
  ('AT', '2015-01-01', 0.20, false, 'Standard VAT rate; registered sellers are reverse-charged [R]'),
  ('IE', '2015-01-01', 0.23, false, 'Standard VAT rate; registered sellers are reverse-charged [R]'),
  ('US', '2015-01-01', 0, false, 'No VAT on Amazon''s fees for sellers established in the US'),
  ('CA', '2015-01-01', 0, false, 'No VAT on Amazon''s fees for sellers established in Canada (GST/HST not modelled) [U]'),
  ('DE', '2024-08-01', 0.19, true, 'Amazon charges local VAT on fees to sellers established in DE from 1 Aug 2024 (reclaimable) [R]'),
  ('UK', '2024-08-01', 0.20, true, 'Amazon charges local VAT on fees to sellers established in the UK from 1 Aug 2024 (reclaimable) [R]'),
  ('FR', '2024-08-01', 0.20, true, 'Amazon charges local VAT on fees to sellers established in FR from 1 Aug 2024 (reclaimable) [R]'),
  ('IT', '2024-08-01', 0.22, true, 'Amazon charges local VAT on fees to sellers established in IT from 1 Aug 2024 (reclaimable) [R]'),
  ('ES', '2024-08-01', 0.21, true, 'Amazon charges local VAT on fees to sellers established in ES from 1 Aug 2024 (reclaimable) [R]'),
  ('NL', '2024-08-01', 0.21, true, 'Amazon charges local VAT on fees to sellers established in NL from 1 Aug 2024 (reclaimable) [R]'),
  ('PL', '2024-08-01', 0.23, true, 'Amazon charges local VAT on fees to sellers established in PL from 1 Aug 2024 (reclaimable) [R]'),
  ('BE', '2024-08-01', 0.21, true, 'Amazon charges local VAT on fees to sellers established in BE from 1 Aug 2024 (reclaimable) [R]'),
  ('SE', '2024-08-01', 0.25, true, 'Amazon charges local VAT on fees to sellers established in SE from 1 Aug 2024 (reclaimable) [R]');

-- The seller profile (Settings): country of establishment (null = the primary region's country) and VAT registration
-- (users.vat_registered, default true, exists since 0001).
alter table users add column seller_country text check (seller_country in ('DE', 'UK', 'FR', 'IT', 'ES', 'NL', 'PL', 'BE', 'SE', 'AT', 'IE', 'US', 'CA'));
