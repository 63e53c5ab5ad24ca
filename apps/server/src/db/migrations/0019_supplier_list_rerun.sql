-- Re-running a supplier's list (issue 17, docs/trusted-deals.md "Re-running a supplier's list").
--
-- How long a completed supplier scan keeps its list (the uploaded file, hard-linked under DATA_DIR/lists) so it can be
-- re-run against today's Amazon data. Read with the organization's current plan: a downgrade shortens it at once.
alter table subscription_tiers add column supplier_list_retention_days integer not null default 7
  check (supplier_list_retention_days >= 1);
update subscription_tiers set supplier_list_retention_days = case name
  when 'FREE' then 7
  when 'STARTER' then 30
  when 'GROWTH' then 90
  when 'PRO' then 180
  when 'prodtest' then 180
  else supplier_list_retention_days end;

-- The kept list of a completed supplier scan (null: none kept — CSV Template scans, stopped or failed scans, scans
-- from before this migration, lists deleted by the user or past their retention). A scan row with a kept list lives
-- as long as the list (instead of 24 h after it ended).
alter table scans add column list_path text;
-- The scan this one re-ran (its list, mapping and minimum ROI) and when that run completed; null for a scan of an
-- upload or a manual entry. No foreign key: the previous run may be deleted first (its retention started earlier),
-- and the re-run keeps what it needs (its baseline below).
alter table scans add column rerun_of uuid;
alter table scans add column rerun_previous_completed_at timestamptz;
-- The line of the last EAN the plan allowed this run to analyze (a partial run analyzes the first EANs in file order);
-- null: every EAN of the list. Two runs of one list are compared over the EANs both analyzed.
alter table scans add column analyzed_until_line integer;
-- A re-run: the previous run's analyzed_until_line (its deals beyond it were never looked for), and the change counts at
-- the default threshold, stored when the re-run completes (the kept-lists screen shows them).
alter table scans add column rerun_compare_line integer;
alter table scans add column rerun_changes jsonb;
create index scans_kept_lists_idx on scans (user_id, completed_at desc) where list_path is not null;

-- The deals of a run as they were when it completed (baseline = false), and, for a re-run, the previous run's deals
-- for the EANs this run analyzes (baseline = true, copied when the re-run starts, so the comparison survives the
-- previous run's retention). Deals live 24 h in scan_results and a newer scan replaces them; these rows live with the
-- scan. Money in EUR like scan_results.
create table scan_deal_snapshots (
  scan_id uuid not null references scans(id) on delete cascade,
  baseline boolean not null,
  ean text not null,
  asin text not null,
  line integer,
  product_name text,
  brand text,
  supplier_price numeric(14, 4),
  amazon_price numeric(14, 2),
  estimated_profit numeric(14, 2),
  roi_percentage numeric(14, 2),
  primary key (scan_id, baseline, ean)
);
