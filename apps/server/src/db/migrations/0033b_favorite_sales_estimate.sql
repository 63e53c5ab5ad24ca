-- The sales estimate on brand favorites too (docs/sales-estimate.md): the estimate, and the seller's share × profit per
-- unit in the favorite's currency, major units a month (null: no estimate or no share).
alter table brand_favorites
  add column sales_estimate jsonb,
  add column estimated_monthly_profit numeric;
