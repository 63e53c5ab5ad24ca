-- Alerts (issue 15): price-drop rules delivered by e-mail and webhook, the delivery log, scan-finished messages.

-- Per-market ROI of a drop at its new price (the refresh computes every European market; best_roi_* on
-- price_drops keeps the best one for the table). A rule's ROI condition reads the markets it names.
create table price_drop_market_roi (
  drop_id bigint not null references price_drops(id) on delete cascade,
  market text not null,
  roi_percentage numeric(9, 2) not null,
  primary key (drop_id, market)
);

-- A user's alert channels: the webhook signing secret, the e-mail unsubscribe, the scan-finished opt-out.
create table alert_user_settings (
  user_id uuid primary key references users(id) on delete cascade,
  webhook_secret text not null,
  alerts_email_unsubscribed_at timestamptz,
  scan_finished_email boolean not null default true
);

-- One rule: which drops (empty arrays mean all), where they go, and whether it is paused ('user' or 'plan').
create table alert_rules (
  id bigint generated always as identity primary key,
  user_id uuid not null references users(id) on delete cascade,
  name text not null,
  brands text[] not null default '{}',
  categories text[] not null default '{}',
  min_drop_percentage numeric(5, 2) not null default 0,
  min_roi_percentage numeric(9, 2),
  min_stock integer,
  roi_markets text[] not null default '{}',
  channel text not null check (channel in ('email', 'webhook')),
  email_frequency text not null default 'instant' check (email_frequency in ('instant', 'hourly', 'daily')),
  webhook_url text,
  webhook_format text check (webhook_format in ('generic', 'discord', 'slack')),
  rearm_points numeric(5, 2) not null default 5,
  paused boolean not null default false,
  paused_reason text check (paused_reason in ('user', 'plan')),
  -- The refresh time up to which this rule has looked at drops; null: a new or resumed rule looks at every active drop.
  evaluated_at timestamptz,
  created_at timestamptz not null
);
create index alert_rules_user on alert_rules (user_id, id);
create index alert_rules_active on alert_rules (id) where not paused;

-- The drop percentage a rule last alerted for a drop: the same drop alerts again only when it got better by
-- the rule's re-arm points. No foreign keys: a refresh may write hundreds of thousands of rows here and each key would
-- cost a look-up per row; the hourly sweep (purgeAlertState) removes rows of ended drops and deleted rules.
create table alert_drop_state (
  rule_id bigint not null,
  drop_id bigint not null,
  alerted_percentage numeric(7, 2) not null,
  alerted_at timestamptz not null,
  primary key (rule_id, drop_id)
);
create index alert_drop_state_drop on alert_drop_state (drop_id);

-- Every message: drops of one rule from one refresh, a digest, a test, a scan-finished e-mail.
-- status: queued → sent | failed (after the last try); 'retrying' between tries; 'digest' waits for the
-- user's hourly or daily digest, which then carries it ('digested', digest_id).
create table alert_deliveries (
  id bigint generated always as identity primary key,
  user_id uuid not null references users(id) on delete cascade,
  rule_id bigint references alert_rules(id) on delete set null,
  rule_name text,
  kind text not null check (kind in ('drops', 'digest', 'test', 'scan')),
  channel text not null check (channel in ('email', 'webhook')),
  frequency text,
  target text,
  webhook_format text,
  status text not null check (status in ('queued', 'retrying', 'sent', 'failed', 'digest', 'digested')),
  summary text not null,
  drop_count integer not null default 0,
  items jsonb not null default '[]',
  attempts integer not null default 0,
  error text,
  digest_id bigint references alert_deliveries(id) on delete set null,
  refresh_run_id bigint,
  -- Scan-finished messages: 'scan:<id>' or 'brand:<id>', so a scan is announced once.
  scan_ref text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index alert_deliveries_user on alert_deliveries (user_id, created_at desc, id desc);
create index alert_deliveries_waiting on alert_deliveries (user_id, frequency) where status = 'digest';
create unique index alert_deliveries_scan_ref on alert_deliveries (scan_ref) where scan_ref is not null;
