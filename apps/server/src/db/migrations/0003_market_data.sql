-- Market data (issue 4): the shared look-up cache, EAN-ASIN mappings, Keepa export imports, FX rates.

-- One row per (market, key): every listing the retail provider returned for an EAN (or a mapped ASIN),
-- including none (an empty array is a fresh "no listing" answer and costs no upstream call either).
create table market_listing_cache (
  market text not null,
  key_type text not null check (key_type in ('ean', 'asin')),
  key text not null,
  source text not null,
  listings jsonb not null,
  fetched_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (market, key_type, key)
);
create index market_listing_cache_expires_idx on market_listing_cache (expires_at);

-- Admin overrides of the provider's EAN → ASIN match (SPEC §3, §7). One mapping per EAN, for every market.
create table ean_asin_mappings (
  id uuid primary key default gen_random_uuid(),
  ean text not null,
  asin text not null,
  name text not null,
  brand text not null,
  number_of_packs integer not null check (number_of_packs >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index ean_asin_mappings_ean_key on ean_asin_mappings (ean);
create index ean_asin_mappings_created_idx on ean_asin_mappings (created_at desc, id);

-- Keepa Product Viewer / Finder exports an admin imported (the rows live in market_listing_cache, source 'import').
create table market_data_imports (
  id uuid primary key default gen_random_uuid(),
  file_name text not null,
  market text,
  rows_read integer not null,
  listings_imported integer not null,
  eans_imported integer not null,
  rows_skipped integer not null,
  imported_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index market_data_imports_created_idx on market_data_imports (created_at desc);

-- EUR-based reference rates fetched from the ECB (one row per currency and day).
create table fx_rates (
  currency text not null,
  valid_on date not null,
  rate numeric(18, 8) not null,
  source text not null,
  fetched_at timestamptz not null default now(),
  primary key (currency, valid_on)
);
