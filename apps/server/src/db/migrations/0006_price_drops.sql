-- Wholesale price monitoring: the latest catalogue snapshot, price history, drops, refresh runs.
-- Money: integer EUR cents (the wholesale catalogue's currency).

-- The last known state of every wholesale variant (one row per GTIN).
create table wholesale_products (
  gtin text primary key,
  name text not null,
  brand text not null,
  category text,
  price_excl_vat integer not null,
  price_incl_vat integer not null,
  stock integer,
  product_url text,
  image_url text,
  first_seen_at timestamptz not null,
  price_changed_at timestamptz not null
);

-- One row per observed price (a variant's first price, then every change).
create table wholesale_price_history (
  gtin text not null,
  recorded_at timestamptz not null,
  price_excl_vat integer not null,
  price_incl_vat integer not null,
  primary key (gtin, recorded_at)
);

-- Where a refresh loads the fetched catalogue before comparing it set-wise. Only one refresh runs at a time.
create unlogged table wholesale_snapshot_staging (
  gtin text primary key,
  name text not null,
  brand text not null,
  category text,
  price_excl_vat integer not null,
  price_incl_vat integer not null,
  stock integer,
  product_url text,
  image_url text
);

-- The price changes of the refresh being applied.
create unlogged table wholesale_price_changes (
  gtin text primary key,
  old_excl integer not null,
  old_incl integer not null,
  new_excl integer not null,
  new_incl integer not null
);

-- A drop is 'active' until it expires (24 h after detection), or is 'removed' when the price rises again.
-- Ended drops are kept for the daily trend.
create table price_drops (
  id bigint generated always as identity primary key,
  gtin text not null,
  product_name text not null,
  brand text not null,
  category text,
  stock integer,
  product_url text,
  image_url text,
  old_price_excl_vat integer not null,
  old_price_incl_vat integer not null,
  new_price_excl_vat integer not null,
  new_price_incl_vat integer not null,
  drop_percentage numeric(7, 2) not null,
  drop_category text not null,
  priority text not null,
  first_detected_at timestamptz not null,
  detected_at timestamptz not null,
  expires_at timestamptz not null,
  status text not null default 'active' check (status in ('active', 'removed', 'expired')),
  ended_at timestamptz,
  best_roi_percentage numeric(9, 2),
  best_roi_market text
);
create unique index price_drops_one_active_per_gtin on price_drops (gtin) where status = 'active';
create index price_drops_active_detected on price_drops (detected_at desc, id desc) where status = 'active';
create index price_drops_active_expires on price_drops (expires_at) where status = 'active';
create index price_drops_active_pct on price_drops (drop_percentage desc, id desc) where status = 'active';
create index price_drops_active_category on price_drops (drop_category, detected_at desc) where status = 'active';
create index price_drops_active_priority on price_drops (priority, detected_at desc) where status = 'active';
create index price_drops_active_brand on price_drops (brand, detected_at desc) where status = 'active';
create index price_drops_first_detected on price_drops (first_detected_at);

-- Every refresh; at most one 'running' row (the lock across processes).
create table price_refresh_runs (
  id bigint generated always as identity primary key,
  trigger text not null,
  status text not null check (status in ('running', 'succeeded', 'failed')),
  started_at timestamptz not null,
  finished_at timestamptz,
  variants integer,
  drops_created integer,
  drops_updated integer,
  drops_removed integer,
  drops_expired integer,
  error text
);
create unique index price_refresh_runs_one_running on price_refresh_runs ((true)) where status = 'running';
create index price_refresh_runs_finished on price_refresh_runs (finished_at desc) where status = 'succeeded';
