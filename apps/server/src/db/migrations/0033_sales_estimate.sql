-- Sales estimate and the seller's share on every stored deal (docs/sales-estimate.md), and the units of an ungating
-- invoice ("Is approval worth it?"), a setting of the user beside the seller profile.
alter table scan_results
  -- { unitsPerMonth, basis, basisText, competitors, amazonShare, sellerUnitsPerMonth, noShareReason } or null.
  add column sales_estimate jsonb,
  -- The seller's share × profit per unit, EUR a month (null: no estimate or no share).
  add column estimated_monthly_profit numeric;

alter table users
  add column ungating_invoice_units integer not null default 10 check (ungating_invoice_units between 1 and 1000);
