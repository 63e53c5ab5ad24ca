-- The buy list of an organization (docs/buy-list.md): lines added from supplier deals, shared by the organization's
-- members. A line keeps the deal's figures as they were when added (deals expire after 24 h; a newer scan of the same
-- list replaces them), so the list survives both; the change since is looked up from the organization's newest deal.
create table buy_list_lines (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  added_by uuid references users(id) on delete set null,
  -- The scan_results row it was added from (no foreign key: the deal is deleted when it expires or is superseded).
  deal_id uuid,
  supplier_name text not null,
  market text not null,
  ean text not null,
  asin text not null,
  product_name text,
  quantity integer not null check (quantity between 1 and 1000000),
  units_per_case integer not null default 1,
  number_of_packs integer not null default 1,
  -- Supplier unit price, EUR excl. VAT, and the purchase VAT the seller cannot reclaim (fraction).
  unit_price numeric(14, 4) not null,
  purchase_vat_rate numeric(6, 4) not null,
  amazon_price numeric(14, 2),
  -- The deal's profit of one Amazon listing (EUR), its ROI in percent and the seller's estimated units a month.
  profit_per_listing numeric(14, 2),
  roi_percentage numeric(14, 2),
  seller_units_per_month numeric(12, 1),
  added_at timestamptz not null,
  updated_at timestamptz not null,
  unique (organization_id, supplier_name, market, ean, asin)
);
create index buy_list_lines_org_idx on buy_list_lines (organization_id, supplier_name);

-- A supplier's minimum order value (EUR excl. VAT) per organization, by the supplier list's name.
create table buy_list_suppliers (
  organization_id uuid not null references organizations(id) on delete cascade,
  supplier_name text not null,
  min_order_value numeric(14, 2),
  updated_at timestamptz not null,
  primary key (organization_id, supplier_name)
);

-- Weeks of the seller's share a suggested quantity covers (default 4).
create table buy_list_settings (
  organization_id uuid primary key references organizations(id) on delete cascade,
  weeks integer not null default 4 check (weeks between 1 and 52),
  updated_at timestamptz not null
);
