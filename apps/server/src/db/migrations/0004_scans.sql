-- Scans (issue 5): CSV Template Analyzer and Supplier Level Analyzer runs, and the products they found.
-- A scan row is the source of truth of a background scan; the pg-boss job only carries its id (docs/scans.md).
create table scans (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('csv_template', 'supplier')),
  user_id uuid not null references users(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  file_name text not null,
  source text not null default 'upload' check (source in ('upload', 'manual')),
  market text not null check (market in ('DE', 'UK', 'FR', 'IT', 'ES', 'US', 'CA')),
  ean_column text not null,
  brand_column text not null,
  price_column text not null default '',
  -- The uploaded file under DATA_DIR/uploads while the scan needs it (removed when it ends).
  upload_path text,
  upload_bytes bigint not null default 0,
  status text not null default 'PENDING' check (status in ('PENDING', 'PROCESSING', 'COMPLETED', 'ERROR')),
  -- Distinct valid EANs of the file, and how many of them the plan allowed (null until reserved).
  total_eans integer not null default 0,
  allowed_eans integer,
  processed_eans integer not null default 0,
  -- How many of the allowed EANs (in file order) have their results committed: where a resumed scan continues.
  checkpoint integer not null default 0,
  matched_products integer not null default 0,
  deals_found integer not null default 0,
  -- Row problems found by the parser (counts per reason and the first 50 rows).
  report jsonb,
  -- The effective minimum ROI (fraction) taken when the scan started.
  min_roi numeric(9, 4),
  error text,
  cancel_requested boolean not null default false,
  attempts integer not null default 0,
  -- Which worker run owns the scan and when it last showed life (real time, for the restart sweep).
  worker_token text,
  heartbeat_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  started_at timestamptz,
  completed_at timestamptz
);
create index scans_user_kind_idx on scans (user_id, kind, created_at desc);
create index scans_running_idx on scans (status, created_at) where status in ('PENDING', 'PROCESSING');

-- Products a scan found: the deals (ROI >= the scan's min_roi) and, for the CSV Template Analyzer, also the matched
-- products without a supplier price. Money in EUR major units; the breakdown is in the market currency.
create table scan_results (
  id uuid primary key default gen_random_uuid(),
  scan_id uuid not null references scans(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  kind text not null check (kind in ('csv_template', 'supplier')),
  market text not null,
  ean text not null,
  asin text not null,
  line integer,
  product_name text,
  brand text,
  supplier_name text,
  supplier_price numeric(14, 4),
  amazon_price numeric(14, 2),
  estimated_profit numeric(14, 2),
  roi_percentage numeric(14, 2),
  max_buy_price numeric(14, 2),
  min_roi numeric(9, 4) not null,
  is_deal boolean not null,
  main_category_rank integer,
  beauty_category_rank integer,
  estimated_monthly_sales integer,
  rating numeric(4, 2),
  review_count integer,
  number_of_sellers integer,
  buy_box_seller_id text,
  amazon_image_url text,
  breakdown jsonb not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  unique (scan_id, ean)
);
create index scan_results_user_deals_idx on scan_results (user_id, kind, expires_at);
create index scan_results_user_ean_idx on scan_results (user_id, market, ean);
