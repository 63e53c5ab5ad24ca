-- "All markets" in the Supplier Level Analyzer (issue 17, docs/trusted-deals.md "Best market across all markets").
-- An all-markets scan looks every EAN up in the seven markets and keeps, per EAN, the deal of its best market; the
-- scan's `market` is then the region's home market (UK or DE) and only says where the region is.
alter table scans add column all_markets boolean not null default false;
-- The region's currency (GBP or EUR) the markets' profits are compared in, taken when the scan started.
alter table scans add column comparison_currency text;
-- Best market, runner-up and every market where the product meets the minimum ROI (@dealradar/shared/contracts/
-- market-comparison); null for the deals of single-market scans.
alter table scan_results add column market_comparison jsonb;
