-- 90-day stability of deals and favorites (issue 17, docs/trusted-deals.md): the share (0–1) of the last 90 days on
-- which the product would have met the minimum ROI at this supplier price, from the buy box's daily history.
alter table scan_results add column profitable_share90 numeric(5, 4);
alter table brand_favorites add column profitable_share90 numeric(5, 4);
create index scan_results_user_share_idx on scan_results (user_id, profitable_share90) where is_deal;
