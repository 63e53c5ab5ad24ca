-- Issue 11: supplier files as resellers have them (docs/scans.md "Reading real supplier files", "The scan report").

-- The mapping of an upload beyond EAN/brand/price: brand_column '' = no brand column (deals carry the Amazon listing's
-- brand); the units each price is for (a column, or a number typed in the dialog); the XLSX sheet. A resumed scan
-- reads the file again with the same mapping.
alter table scans add column units_column text not null default '';
alter table scans add column units_per_price integer;
alter table scans add column sheet text;
-- How many unusable rows the run stored in scan_issues (null: not stored yet; a resumed run stores them once).
alter table scans add column issues_stored integer;

-- Deals and results: the supplier's price as written (per case of units_per_price units); supplier_price stays the
-- unit cost (EUR excl. VAT).
alter table scan_results add column case_price numeric(14, 4);
alter table scan_results add column units_per_price integer not null default 1;

-- Every unusable row of a scan's file (line, reason, value, sentence), up to 100,000 per scan (STORED_ISSUES_LIMIT;
-- the counts in scans.report are always exact). Keyed by line and reason: storing again after a restart adds nothing.
create table scan_issues (
  scan_id uuid not null references scans(id) on delete cascade,
  line integer not null,
  reason text not null,
  value text not null,
  message text not null,
  primary key (scan_id, line, reason)
);
