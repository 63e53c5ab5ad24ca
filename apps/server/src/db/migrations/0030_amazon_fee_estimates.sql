-- Amazon's own fee estimate (Product Fees v0 getMyFeesEstimates) beside our fee rules (docs/seller-account.md).

-- Amazon's answer per organization, ASIN, market and price (minor units of the market's currency), reused for a day.
-- SUCCESS carries the fee parts (before VAT on fees); CLIENT_ERROR carries Amazon's sentence (e.g. an unknown ASIN).
create table amazon_fee_estimates (
  organization_id uuid not null references organizations(id) on delete cascade,
  asin text not null,
  market text not null,
  price integer not null,
  currency text not null,
  status text not null check (status in ('SUCCESS', 'CLIENT_ERROR')),
  referral_fee integer,
  fba_fee integer,
  closing_fee integer,
  digital_services_fee integer,
  other_fees integer,
  total integer,
  message text,
  estimated_at timestamptz not null,
  primary key (organization_id, asin, market, price)
);

-- Every comparison of Amazon's total with ours, so engineers see where the fee rules drift (admin: GET
-- /admin/amazon-fee-drifts). Money in minor units of the market's currency; difference = Amazon's − ours, also in EUR
-- cents at the day's reference rate.
create table amazon_fee_comparisons (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  asin text not null,
  market text not null,
  currency text not null,
  price integer not null,
  our_total integer not null,
  amazon_total integer not null,
  difference integer not null,
  difference_eur integer not null,
  marked boolean not null,
  source text not null check (source in ('breakdown', 'scan')),
  compared_at timestamptz not null
);
create index amazon_fee_comparisons_recent_idx on amazon_fee_comparisons (compared_at desc);
create index amazon_fee_comparisons_biggest_idx on amazon_fee_comparisons ((abs(difference_eur)) desc, compared_at desc);

-- The organization's choice per listing (ASIN and market): our fee rules, or Amazon's estimate (its parts kept here, so
-- the profit engine uses them in every later scan, refresh and re-evaluation without asking Amazon).
create table amazon_fee_choices (
  organization_id uuid not null references organizations(id) on delete cascade,
  asin text not null,
  market text not null,
  choice text not null check (choice in ('RULES', 'AMAZON')),
  price integer,
  referral_fee integer,
  fba_fee integer,
  closing_fee integer,
  digital_services_fee integer,
  estimated_at timestamptz,
  chosen_by uuid references users(id) on delete set null,
  chosen_at timestamptz not null,
  primary key (organization_id, asin, market)
);

-- getMyFeesEstimates' rate for this seller (one call of up to 20 items every two seconds: 0.5 per second, burst 1) as a
-- token bucket every process shares, taken with one atomic UPDATE on the database clock; blocked_until after a 429.
create table amazon_fee_buckets (
  organization_id uuid primary key references seller_accounts(organization_id) on delete cascade,
  tokens double precision not null default 1,
  bucket_at timestamptz not null default clock_timestamp(),
  blocked_until timestamptz
);
