-- Plans (issue 3): the subscription tiers, what each allows, usage counters, Paddle billing state.

-- One row per plan. Unlimited figures are stored as 9007199254740991 (Number.MAX_SAFE_INTEGER) and shown as 'Unlimited'.
-- paddle_price_id is the plan's Paddle Billing price id (its "checkout id"); FREE is not sold, so it has none.
create table subscription_tiers (
  id integer primary key,
  name text not null unique,
  price numeric(10, 2) not null check (price >= 0),
  description text not null,
  ean_upload_limit bigint not null check (ean_upload_limit >= 0),
  qogita_brand_checks_per_day bigint not null check (qogita_brand_checks_per_day >= 0),
  brand_profitability_analysis boolean not null,
  multi_market_profit_analysis boolean not null,
  support_level text not null,
  amazon_listing_filter_type text not null check (amazon_listing_filter_type in ('adjustable', 'fixed')),
  roi_filter_value numeric(7, 4) not null check (roi_filter_value >= 0 and roi_filter_value <= 1),
  qogita_access_level text not null check (qogita_access_level in ('full', 'limited', 'none')),
  paddle_price_id text unique,
  admin_only boolean not null default false
);

insert into subscription_tiers
  (id, name, price, description, ean_upload_limit, qogita_brand_checks_per_day, brand_profitability_analysis,
   multi_market_profit_analysis, support_level, amazon_listing_filter_type, roi_filter_value, qogita_access_level,
   paddle_price_id, admin_only)
values
  (1, 'FREE', 0, 'Try DealRadar: analyze a small supplier list each month with example price-drop data.',
   100, 0, false, false, 'Community', 'fixed', 0.25, 'none', null, false),
  (2, 'STARTER', 19, 'For new resellers: supplier list analysis and a few wholesale brand checks a day.',
   2500, 5, true, false, 'Email', 'fixed', 0.20, 'limited', 'pri_01jdealradarstarter00000000', false),
  (3, 'GROWTH', 49, 'For growing sellers: real-time price drops, multi-market brand analysis and your own ROI filter.',
   20000, 50, true, true, 'Priority email', 'adjustable', 0.15, 'limited', 'pri_01jdealradargrowth000000000', false),
  (4, 'PRO', 99, 'For established sellers: unlimited supplier analysis and brand checks with full wholesale access.',
   9007199254740991, 9007199254740991, true, true, 'Dedicated', 'adjustable', 0.10, 'full', 'pri_01jdealradarpro000000000000', false),
  (5, 'prodtest', 1, 'Internal plan for testing the live checkout and every feature (administrators only).',
   9007199254740991, 9007199254740991, true, true, 'Dedicated', 'adjustable', 0.10, 'full', 'pri_01jdealradarprodtest0000000', true);

-- Organizations whose tier name is unknown fall back to FREE before the foreign key is added.
update organizations set subscription_tier = 'FREE' where subscription_tier not in (select name from subscription_tiers);
alter table organizations
  add constraint organizations_subscription_tier_fkey foreign key (subscription_tier) references subscription_tiers (name) on update cascade;

-- Paddle subscription state of an organization (docs/plans.md).
alter table organizations add column paddle_subscription_id text;
alter table organizations add column subscription_status text;
-- End of the period already paid for; a canceled subscription stays on its tier until then.
alter table organizations add column subscription_period_ends_at timestamptz;
-- When set and passed, the organization falls back to FREE (scheduled or completed cancellation).
alter table organizations add column subscription_cancel_at timestamptz;
-- occurred_at of the last Paddle event applied, so older events delivered late change nothing.
alter table organizations add column subscription_event_at timestamptz;
create index organizations_cancel_at_idx on organizations (subscription_cancel_at) where subscription_cancel_at is not null;
create index organizations_paddle_subscription_idx on organizations (paddle_subscription_id);

-- Usage counters per organization and period: 'ean_uploads' per UTC calendar month (period_start = first day),
-- 'brand_checks' per UTC day (period_start = that day).
create table usage_counters (
  organization_id uuid not null references organizations (id) on delete cascade,
  metric text not null check (metric in ('ean_uploads', 'brand_checks')),
  period_start date not null,
  used bigint not null default 0 check (used >= 0),
  primary key (organization_id, metric, period_start)
);

-- Paddle webhook deliveries already processed (a repeated event id is ignored).
create table paddle_webhook_events (
  event_id text primary key,
  event_type text not null,
  occurred_at timestamptz,
  outcome text not null,
  received_at timestamptz not null default now()
);
