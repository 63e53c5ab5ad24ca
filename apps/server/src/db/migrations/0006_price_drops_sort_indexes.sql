-- Indexes for the sort orders of GET /price-alerts/price-drops over the active drops (the table's page query
-- reads 100 rows in index order instead of sorting every active drop).
create index price_drops_active_new_price on price_drops (new_price_excl_vat, id) where status = 'active';
create index price_drops_active_old_price on price_drops (old_price_excl_vat, id) where status = 'active';
create index price_drops_active_name on price_drops (product_name, id) where status = 'active';
create index price_drops_active_brand_name on price_drops (brand, id) where status = 'active';
-- A category or priority filter with the percentage sort (the bands follow the percentage, so a plain
-- percentage index would walk through every other band first).
create index price_drops_active_category_pct on price_drops (drop_category, drop_percentage desc, id desc) where status = 'active';
create index price_drops_active_priority_pct on price_drops (priority, drop_percentage desc, id desc) where status = 'active';
