-- Deal warnings and the 90-day buy-box averages (issue 17, docs/trusted-deals.md). Warnings are computed when the deal
-- is found (@dealradar/shared/deal-warnings) and stored: the codes for the list filters, the codes with their one-line
-- reasons for the cards and downloads. The averages are Keepa's stats (avg30/avg90 of the buy box) or the demo's.
alter table scan_results add column warnings jsonb;
alter table scan_results add column warning_codes text[] not null default '{}';
-- EUR major units, like amazon_price.
alter table scan_results add column buy_box_avg30 numeric(14, 2);
alter table scan_results add column buy_box_avg90 numeric(14, 2);
alter table brand_favorites add column warnings jsonb;
alter table brand_favorites add column warning_codes text[] not null default '{}';
-- Minor units of the favorite's currency, like amazon_price.
alter table brand_favorites add column buy_box_avg30 integer;
alter table brand_favorites add column buy_box_avg90 integer;
