-- Brand Level Analyzer: background brand scans and the favorites they keep (SPEC §3 Brand scan state, Favorite).
create table brand_scans (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  status text not null default 'PENDING' check (status in ('PENDING', 'PROCESSING', 'COMPLETED', 'ERROR')),
  -- the brands and markets in scan order; processed_* is the resume cursor
  brands text[] not null,
  markets text[] not null,
  processed_brands integer not null default 0,
  processed_markets integer not null default 0,
  current_brand text,
  current_market text,
  -- the user's effective minimum ROI (fraction) when the scan started, kept for a resumed run
  min_roi numeric(9, 4) not null,
  error text,
  -- the run that owns the scan; a resumed run takes over and the old one stops at its next write
  run_id uuid,
  attempts integer not null default 0,
  job_id text,
  heartbeat_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index brand_scans_user_idx on brand_scans (user_id, created_at desc);
-- one unfinished scan per user
create unique index brand_scans_one_active_key on brand_scans (user_id) where status in ('PENDING', 'PROCESSING');
create index brand_scans_unfinished_idx on brand_scans (status) where status in ('PENDING', 'PROCESSING');

-- One favorite per user, product and market; a later scan refreshes it. Money in minor units of `currency`.
create table brand_favorites (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  scan_id uuid references brand_scans(id) on delete set null,
  ean text not null,
  asin text not null,
  market text not null,
  currency text not null,
  product_name text,
  brand text not null,
  supplier_name text not null,
  supplier_url text,
  supplier_price integer not null,
  amazon_price integer not null,
  estimated_profit integer not null,
  roi_percentage numeric(12, 2) not null,
  main_category_rank integer,
  beauty_category_rank integer,
  estimated_monthly_sales integer,
  rating numeric(3, 1),
  review_count integer,
  number_of_sellers integer,
  buy_box_seller_id text,
  amazon_image_url text,
  qogita_image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index brand_favorites_product_key on brand_favorites (user_id, ean, market);
create index brand_favorites_user_brand_idx on brand_favorites (user_id, lower(brand));
