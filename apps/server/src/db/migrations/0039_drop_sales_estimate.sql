-- The sales estimate of a price drop (docs/sales-estimate.md "Price drops"): the estimate of the listing in the drop's
-- Best-ROI market and the seller's monthly profit (share × profit per unit at the new price, EUR), computed by the
-- refresh with the ROI from the same listing look-up. The organizations' own figures carry theirs.
alter table price_drops add column sales_estimate jsonb, add column estimated_monthly_profit numeric(14, 2);
alter table price_drop_org_roi add column sales_estimate jsonb, add column estimated_monthly_profit numeric(14, 2);
create index price_drops_active_monthly_profit on price_drops (estimated_monthly_profit desc nulls last, id desc) where status = 'active';
