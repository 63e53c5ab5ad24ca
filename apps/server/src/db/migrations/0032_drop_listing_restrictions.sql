-- Listing restrictions on price drops (docs/seller-account.md "Price drops and alert rules").
-- A drop is checked with Amazon per ASIN and market, so each market's ROI row keeps the ASIN of the listing it was
-- computed for: the shared figure on price_drop_market_roi, an organization's own (its match rules may choose another
-- listing) in price_drop_org_roi.market_asin ({"DE": "B0…"}, beside market_roi).
alter table price_drop_market_roi add column asin text;
alter table price_drop_org_roi add column market_asin jsonb not null default '{}';
-- An answer of Amazon's leads back to the drops of its ASIN (an "only products I can sell" rule meets a drop whose
-- answer came after the refresh that found it).
create index price_drop_market_roi_asin on price_drop_market_roi (asin, market) where asin is not null;

-- An alert rule's "Only products I can sell": a drop alerts only when Amazon answered Can sell for the organization's
-- connected seller account in a market of the rule.
alter table alert_rules add column only_sellable boolean not null default false;
